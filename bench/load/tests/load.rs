//! The load generator's regression form: a short run against a real server
//! (started in-process on a loopback port with a fresh `SQLite` database) with
//! every game and spectators, `--verify`: no error, no acknowledged move
//! missing from the stored games.

use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_run_has_no_errors_and_loses_no_acked_move() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut config = gamut_server::ServerConfig::new(data.path());
    config.port = 0;
    config.ai_workers = 1;
    let server = gamut_server::Server::start(config)
        .await
        .expect("server starts");
    let base = format!("http://{}", server.addr());

    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_gamut-load"))
        .args([
            "--server",
            &base,
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
            "--server-pid",
            &std::process::id().to_string(),
        ])
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(25), run)
        .await
        .expect("the run ends by itself within 25 s")
        .expect("gamut-load runs");
    server.stop();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "exit {:?}\n{stdout}\n{stderr}",
        out.status
    );
    let result = stdout
        .lines()
        .find_map(|l| l.strip_prefix("RESULT "))
        .unwrap_or_else(|| panic!("no RESULT line:\n{stdout}\n{stderr}"));
    let field = |name: &str| -> u64 {
        result
            .split_whitespace()
            .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {result}"))
    };
    assert_eq!(field("errors"), 0, "{stdout}\n{stderr}");
    assert_eq!(field("missing"), 0, "{stdout}\n{stderr}");
    assert!(field("moves") > 20, "too few moves: {stdout}");
    assert!(stdout.contains("verify: "), "{stdout}");
    assert!(stdout.contains("ack latency:"), "{stdout}");
    assert!(stdout.contains("to spectators:"), "{stdout}");
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
    let data = tempfile::tempdir().expect("temp dir");
    let mut config = gamut_server::ServerConfig::new(data.path());
    config.port = 0;
    config.ai_workers = 1;
    let server = gamut_server::Server::start(config)
        .await
        .expect("server starts");
    let base = format!("http://{}", server.addr());
    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_gamut-load"))
        .args([
            "--server",
            &base,
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
            "--server-pid",
            &std::process::id().to_string(),
        ])
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(40), run)
        .await
        .expect("the run ends by itself within 40 s")
        .expect("gamut-load runs");
    server.stop();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "exit {:?}\n{stdout}\n{stderr}",
        out.status
    );
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
