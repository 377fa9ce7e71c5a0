//! The load generator's regression form: a short run against a real server
//! (started in-process on a loopback port with a fresh `SQLite` database) with
//! every game and spectators, `--verify`: no error, no acknowledged move
//! missing from the stored games; issue 12's lobby and computer scenarios;
//! issue 15's analysis and review probes.

use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_run_has_no_errors_and_loses_no_acked_move() {
    let (stdout, stderr) = run_load(
        |_| {},
        &[
            "--games",
            "4",
            "--game",
            "mix",
            "--think-ms",
            "20",
            "--duration",
            "5",
            "--spectators-per",
            "2",
            "--report-every",
            "2",
            "--verify",
            "--seed",
            "7",
        ],
        Duration::from_secs(25),
    )
    .await;
    let field = |name: &str| result_field(&stdout, name);
    assert_eq!(field("errors"), 0, "{stdout}\n{stderr}");
    assert_eq!(field("missing"), 0, "{stdout}\n{stderr}");
    assert!(field("moves") > 20, "too few moves: {stdout}");
    assert!(stdout.contains("verify: "), "{stdout}");
    assert!(stdout.contains("ack latency:"), "{stdout}");
    assert!(stdout.contains("to spectators:"), "{stdout}");
}

/// Starts a server on a loopback port with a fresh `SQLite` database (one
/// AI worker; `tune` adjusts its configuration), runs `gamut-load --server
/// <it> ARGS --server-pid <this process>` to its end within `limit`, stops
/// the server and checks that the run succeeded: its standard output and
/// error.
async fn run_load(
    tune: impl FnOnce(&mut gamut_server::ServerConfig),
    args: &[&str],
    limit: Duration,
) -> (String, String) {
    let data = tempfile::tempdir().expect("temp dir");
    let mut config = gamut_server::ServerConfig::new(data.path());
    config.port = 0;
    config.ai_workers = 1;
    tune(&mut config);
    let server = gamut_server::Server::start(config)
        .await
        .expect("server starts");
    let base = format!("http://{}", server.addr());
    let pid = std::process::id().to_string();
    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_gamut-load"))
        .args(["--server", &base])
        .args(args)
        .args(["--server-pid", &pid])
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(limit, run)
        .await
        .unwrap_or_else(|_| panic!("the run ends by itself within {limit:?}"))
        .expect("gamut-load runs");
    server.stop();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "exit {:?}\n{stdout}\n{stderr}",
        out.status
    );
    (stdout, stderr)
}

/// The value of `name=` in a `RESULT …` line.
fn result_field(stdout: &str, name: &str) -> u64 {
    let result = stdout
        .lines()
        .find_map(|l| l.strip_prefix("RESULT "))
        .unwrap_or_else(|| panic!("no RESULT line:\n{stdout}"));
    result
        .split_whitespace()
        .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no {name} in {result}"))
}

/// Issue 12's scenarios against a server with its default limits: lobby
/// sockets spread over source addresses (8 per address at most), the seek
/// churn, and the computer hog (refused past 3 games per user) beside the
/// probe, without errors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_sockets_seek_churn_and_the_computer_hog_run_without_errors() {
    let (stdout, stderr) = run_load(
        |_| {},
        &[
            "--games",
            "1",
            "--think-ms",
            "50",
            "--duration",
            "4",
            "--lobby-sockets",
            "20",
            "--seek-churn",
            "--computer-probe",
            "--probe-level",
            "random",
            "--computer-hog",
            "5",
            "--hog-level",
            "easy",
            "--seed",
            "7",
        ],
        Duration::from_secs(40),
    )
    .await;
    let field = |name: &str| result_field(&stdout, name);
    assert_eq!(field("errors"), 0, "{stdout}\n{stderr}");
    assert_eq!(field("lobby_open"), 20, "{stdout}");
    assert!(field("lobby_msgs") > 20, "{stdout}");
    assert!(field("seek_cycles") > 0, "{stdout}");
    assert!(field("probe_replies") > 0, "{stdout}");
    assert!(field("hog_created") >= 1, "{stdout}");
    assert!(field("hog_refused") > 0, "{stdout}");
    assert!(stdout.contains("from 3 source address(es)"), "{stdout}");
}

/// Issue 15's probes, briefly: the analysis probe (every game, start and
/// mid-game, 1 and 3 lines, 0.3 s each) and the review probe (a game of
/// each to 10 plies, resigned and reviewed at 30 ms per position).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_and_review_probes_measure_every_game() {
    let (stdout, stderr) = run_load(
        |c| {
            c.limits.review.position_time = Duration::from_millis(30);
            // The probe sets its boards up with many position requests from
            // one address, as bench/load/run lets it.
            c.limits.positions_per_minute = 1_000_000;
        },
        &[
            "--games",
            "0",
            "--analysis-probe",
            "0.3",
            "--review-probe",
            "10",
            "--seed",
            "7",
        ],
        Duration::from_secs(60),
    )
    .await;
    let field = |name: &str| result_field(&stdout, name);
    assert_eq!(field("errors"), 0, "{stdout}\n{stderr}");
    assert_eq!(field("analyses"), 12, "{stdout}");
    assert_eq!(field("reviews"), 3, "{stdout}");
    for game in ["loa", "pursuit", "football"] {
        assert!(field(&format!("depth_{game}")) >= 1, "{stdout}");
        assert!(field(&format!("nps_{game}")) > 0, "{stdout}");
        assert!(field(&format!("review_ms_{game}")) > 0, "{stdout}");
        // A game that ends by its rules before ply 10 is replaced; one of
        // five reaches it.
        assert_eq!(field(&format!("review_plies_{game}")), 10, "{stdout}");
    }
    assert!(stdout.contains("analysis probe:"), "{stdout}");
    assert!(stdout.contains("review probe:"), "{stdout}");
}

/// The probes run alone and within their bounds.
#[test]
fn the_probes_refuse_games_beside_them_and_out_of_range_values() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamut-load"))
            .args(args)
            .output()
            .expect("gamut-load runs");
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(
        run(&["--server", "http://127.0.0.1:1", "--analysis-probe", "1"]).contains("run alone")
    );
    assert!(run(&[
        "--server",
        "http://127.0.0.1:1",
        "--games",
        "0",
        "--analysis-probe",
        "0"
    ])
    .contains("--analysis-probe"));
    assert!(run(&[
        "--server",
        "http://127.0.0.1:1",
        "--games",
        "0",
        "--review-probe",
        "1"
    ])
    .contains("--review-probe"));
}

#[test]
fn non_loopback_servers_and_too_many_games_are_refused() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_gamut-load"))
            .args(args)
            .output()
            .expect("gamut-load runs")
    };
    let out = run(&["--server", "http://192.168.1.10:8080", "--duration", "1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a loopback address"));
    let out = run(&["--server", "http://127.0.0.1:1", "--games", "20001"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games"));
}
