//! Arena tournaments (issue 14), on every backend: creating and joining,
//! players paired as soon as they are free, games finished by moves,
//! resignation and agreement scored with the streak bonus, live standings
//! on the tournament socket, the end, the limits and bad input, and the
//! standings and pairing after a restart.

use crate::common;

use common::{decode, params, Backend, Client, ErrorCode, GameView, TestServer};
use futures_util::StreamExt;
use gamut_protocol::ids::GameId;
use gamut_protocol::tournament::status::TournamentStatus;
use gamut_protocol::tournament::{
    GameTournamentView, Standing, TournamentAnswer, TournamentMessage, TournamentView,
    TournamentsView,
};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// The limits of the tests' servers: tournaments as short as a second,
/// small caps, and as many sign-ups as the tests need.
fn configure(config: &mut gamut_server::ServerConfig) {
    config.limits.signups_per_minute = 100;
    config.limits.tournaments.min_duration = Duration::from_secs(1);
    config.limits.tournaments.players = 4;
    config.limits.tournaments.total = 3;
}

/// A server with the tests' limits.
async fn server(backend: Backend) -> TestServer {
    TestServer::start_with(backend, configure).await
}

/// A tournament of 6×6 Lines of Action at 5+0 lasting `duration_ms`.
fn arena(duration_ms: i64) -> Value {
    json!({"game": "loa", "options": {"size": "6"},
           "clock": {"type": "realtime", "initial_ms": 300_000, "increment_ms": 0},
           "duration_ms": duration_ms})
}

async fn create(client: &mut Client, body: Value) -> TournamentView {
    client
        .post_as::<TournamentAnswer>("/api/tournaments", body)
        .await
        .tournament
}

async fn get(client: &mut Client, id: &str) -> TournamentView {
    client
        .get_as::<TournamentAnswer>(&format!("/api/tournaments/{id}"))
        .await
        .tournament
}

async fn join(client: &mut Client, id: &str) -> TournamentView {
    client
        .post_as::<TournamentAnswer>(&format!("/api/tournaments/{id}/join"), json!({}))
        .await
        .tournament
}

/// Alice and Bob signed up, the tournament `body` created by Alice, both
/// joined: their clients, the tournament as created and its id.
async fn alice_and_bob_in(
    server: &TestServer,
    body: Value,
) -> (Client, Client, TournamentView, String) {
    let mut alice = server.registered("alice").await;
    let mut bob = server.registered("bob").await;
    let created = create(&mut alice, body).await;
    let id = created.summary.id.to_string();
    join(&mut alice, &id).await;
    join(&mut bob, &id).await;
    (alice, bob, created, id)
}

/// Asks for tournament `id` until `pred` holds (fails after 20 s).
async fn wait_until(
    client: &mut Client,
    id: &str,
    what: &str,
    pred: impl Fn(&TournamentView) -> bool,
) -> TournamentView {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let view = get(client, id).await;
        if pred(&view) {
            return view;
        }
        assert!(Instant::now() < deadline, "{what}: {view:#?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn standing<'a>(view: &'a TournamentView, name: &str) -> &'a Standing {
    view.standings
        .iter()
        .find(|s| s.user.name == name)
        .unwrap_or_else(|| panic!("{name} is not in {view:#?}"))
}

/// The game `a` and `b` are paired in once it is not `previous`.
async fn next_game(
    client: &mut Client,
    id: &str,
    (a, b): (&str, &str),
    previous: Option<&str>,
) -> String {
    let view = wait_until(client, id, "a new game", |v| {
        let game = standing(v, a).playing.as_ref().map(GameId::as_str);
        game.is_some()
            && game == standing(v, b).playing.as_ref().map(GameId::as_str)
            && game != previous
    })
    .await;
    standing(&view, a)
        .playing
        .as_ref()
        .expect("playing")
        .to_string()
}

/// Plays a move each in game `id` (the side to move first), so that the
/// game counts, then `loser` resigns.
async fn win(winner: &Client, loser: &Client, id: &str) {
    let (mut w, mut l) = (winner.ws(id, None).await, loser.ws(id, None).await);
    let (ws, ls) = (w.first_state().await, l.first_state().await);
    assert!(ws.rated, "tournament games are rated");
    let winner_first = ws.you == ws.to_move;
    let (mover, other) = if winner_first {
        ((&mut w, winner), (&mut l, loser))
    } else {
        ((&mut l, loser), (&mut w, winner))
    };
    let first = if winner_first { &ws } else { &ls };
    mover.0.play(&first.legal[0]).await;
    let mut other_client = other.1.clone();
    let state: GameView = other_client.view(id).await;
    other.0.play(&state.legal[0]).await;
    assert_eq!(l.action("resign").await, "ack");
    l.wait_end().await;
}

/// `a` offers a draw in game `id` and `b` accepts.
async fn draw(a: &Client, b: &Client, id: &str) {
    let (mut wa, mut wb) = (a.ws(id, None).await, b.ws(id, None).await);
    wa.first_state().await;
    wb.first_state().await;
    assert_eq!(wa.action("draw-offer").await, "ack");
    assert_eq!(wb.action("draw-accept").await, "ack");
    wa.wait_end().await;
}

/// The tournament socket of `id`.
struct Feed(
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
);

impl Feed {
    async fn open(server: &TestServer, id: &str) -> Feed {
        let url = format!(
            "{}/api/tournaments/{id}/ws",
            server.base.replacen("http://", "ws://", 1)
        );
        Feed(tokio_tungstenite::connect_async(url).await.expect("ws").0)
    }

    /// The next tournament message (each must read as the wire type).
    async fn next(&mut self) -> TournamentView {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(20), self.0.next())
                .await
                .expect("a message within 20 s")
                .expect("open")
                .expect("message");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).expect("JSON");
                let TournamentMessage::Tournament { tournament } = decode(&value);
                return tournament;
            }
        }
    }

    async fn wait(&mut self, pred: impl Fn(&TournamentView) -> bool) -> TournamentView {
        loop {
            let view = self.next().await;
            if pred(&view) {
                return view;
            }
        }
    }
}

async fn pairing_and_scoring(backend: Backend) {
    let server = server(backend).await;
    let mut alice = server.registered("alice").await;
    let mut bob = server.registered("bob").await;
    let created = create(&mut alice, arena(600_000)).await;
    assert_eq!(created.summary.status, TournamentStatus::Running);
    assert_eq!(created.summary.name, "Lines of Action arena");
    assert_eq!(created.summary.players, 0);
    let id = created.summary.id.to_string();
    let listed: TournamentsView = server.client().get_as("/api/tournaments").await;
    assert_eq!(listed.open.len(), 1);
    assert_eq!(listed.open[0].id, created.summary.id);

    let mut feed = Feed::open(&server, &id).await;
    assert_eq!(feed.next().await.summary.players, 0);
    join(&mut alice, &id).await;
    // Alone: nobody to play.
    let view = feed.wait(|v| v.summary.players == 1).await;
    assert_eq!(standing(&view, "alice").playing, None);
    join(&mut bob, &id).await;
    // Paired as soon as both are free, and the socket tells.
    feed.wait(|v| v.standings.iter().all(|s| s.playing.is_some()))
        .await;
    let game = next_game(&mut alice, &id, ("alice", "bob"), None).await;
    let link: GameTournamentView = server
        .client()
        .get_as(&format!("/api/games/{game}/tournament"))
        .await;
    assert_eq!(
        link.tournament.expect("a tournament game").id.to_string(),
        id
    );
    let first_game = game.clone();

    // Three wins in a row: 2, 2, then 4; each game ends, the next starts.
    let mut previous = game;
    for _ in 0..3 {
        win(&alice, &bob, &previous).await;
        previous = next_game(&mut alice, &id, ("alice", "bob"), Some(&previous)).await;
    }
    let view = feed.wait(|v| standing(v, "alice").scores.len() == 3).await;
    // No rematch outside the tournament: it pairs them again itself.
    let refused = bob
        .post_refused(&format!("/api/games/{first_game}/rematch"), json!({}))
        .await;
    assert_eq!(refused, (409, ErrorCode::RematchTournament));
    let (a, b) = (standing(&view, "alice"), standing(&view, "bob"));
    assert_eq!(
        (a.rank, a.points, a.scores.as_slice(), a.fire),
        (1, 8, &[2, 2, 4][..], true)
    );
    assert_eq!(
        (b.rank, b.points, b.scores.as_slice(), b.fire),
        (2, 0, &[0, 0, 0][..], false)
    );
    assert_eq!(a.wins, 3);

    // Bob withdraws: the game goes on; a draw breaks the streak (1 point,
    // not doubled) and nobody is paired after it.
    let paused = bob
        .post_as::<TournamentAnswer>(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await
        .tournament;
    assert!(!standing(&paused, "bob").active);
    draw(&alice, &bob, &previous).await;
    let view = wait_until(&mut alice, &id, "the draw scored", |v| {
        standing(v, "alice").scores.len() == 4
    })
    .await;
    assert_eq!(standing(&view, "alice").scores, [2, 2, 4, 1]);
    assert!(!standing(&view, "alice").fire);
    assert_eq!(standing(&view, "bob").points, 1);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let view = get(&mut alice, &id).await;
    assert_eq!(view.games, 4);
    assert!(view.standings.iter().all(|s| s.playing.is_none()));

    // Back: paired again, points kept.
    let back = join(&mut bob, &id).await;
    assert!(standing(&back, "bob").active);
    next_game(&mut alice, &id, ("alice", "bob"), Some(&previous)).await;
    assert_eq!(standing(&get(&mut bob, &id).await, "bob").points, 1);
}
test_on_every_backend!(
    players_are_paired_when_free_and_scored_with_streaks,
    pairing_and_scoring
);

async fn three_players(backend: Backend) {
    let server = server(backend).await;
    let (mut alice, bob, _, id) = alice_and_bob_in(&server, arena(600_000)).await;
    let mut carol = server.registered("carol").await;
    let first = next_game(&mut alice, &id, ("alice", "bob"), None).await;
    join(&mut carol, &id).await;
    // Carol waits alone; when the game ends, the winner is paired with
    // her rather than with the same opponent again.
    win(&alice, &bob, &first).await;
    next_game(&mut alice, &id, ("alice", "carol"), None).await;
    let view = get(&mut alice, &id).await;
    assert_eq!(standing(&view, "bob").playing, None);
    assert_eq!(view.games, 2);
}
test_on_every_backend!(no_immediate_rematch_when_someone_else_waits, three_players);

async fn ending(backend: Backend) {
    let server = server(backend).await;
    let (mut alice, mut bob, created, id) = alice_and_bob_in(&server, arena(2_000)).await;
    let game = next_game(&mut alice, &id, ("alice", "bob"), None).await;
    // Over, but its game goes on: finishing, and no game starts after it.
    let view = wait_until(&mut alice, &id, "the end", |v| {
        v.summary.status == TournamentStatus::Finishing
    })
    .await;
    assert!(gamut_protocol::ids::now_ms() >= view.summary.ends_at);
    let refused = bob
        .post_refused(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(refused, (409, ErrorCode::TournamentOver));
    win(&bob, &alice, &game).await;
    let view = wait_until(&mut alice, &id, "finished", |v| {
        v.summary.status == TournamentStatus::Finished
    })
    .await;
    assert_eq!(view.games, 1);
    assert_eq!(standing(&view, "bob").points, 2);
    assert!(view.standings.iter().all(|s| s.playing.is_none()));
    let listed: TournamentsView = server.client().get_as("/api/tournaments").await;
    assert!(listed.open.is_empty());
    assert_eq!(listed.finished[0].id, created.summary.id);
}
test_on_every_backend!(
    games_started_before_the_end_finish_then_the_standings_are_final,
    ending
);

async fn limits(backend: Backend) {
    let server = server(backend).await;
    let mut alice = server.registered("alice").await;
    let mut guest = server.guest().await;
    let mut nobody = server.client();
    let refused = nobody
        .post_refused("/api/tournaments", arena(600_000))
        .await;
    assert_eq!(refused, (401, ErrorCode::SignInFirst));
    let refused = guest.post_refused("/api/tournaments", arena(600_000)).await;
    assert_eq!(refused, (403, ErrorCode::TournamentGuest));
    // Each refusal's code and the values it quotes (a body that does not
    // read as the request has the generic code: its text alone says why).
    let duration = params(&[("min", "0"), ("max", "120")]);
    let start = params(&[("min", "0"), ("max", "1440")]);
    let name = params(&[("n", "40")]);
    let bad = [
        (
            json!({"game": "chess", "clock": arena(1)["clock"], "duration_ms": 600_000}),
            ErrorCode::BadRequest,
            params(&[]),
        ),
        (
            json!({"game": "loa", "clock": {"type": "untimed"}, "duration_ms": 600_000}),
            ErrorCode::TournamentClock,
            params(&[]),
        ),
        (
            json!({"game": "loa", "clock": {"type": "realtime", "initial_ms": 0, "increment_ms": 0}, "duration_ms": 600_000}),
            ErrorCode::BadRequest,
            params(&[]),
        ),
        (arena(500), ErrorCode::TournamentDuration, duration.clone()),
        (arena(7_200_001), ErrorCode::TournamentDuration, duration),
        (
            json!({"game": "loa", "options": {"size": "99"}, "clock": arena(1)["clock"], "duration_ms": 600_000}),
            ErrorCode::BadOption,
            params(&[]),
        ),
        (
            json!({"game": "loa", "options": {"nope": "1"}, "clock": arena(1)["clock"], "duration_ms": 600_000}),
            ErrorCode::UnknownOption,
            params(&[("key", "nope")]),
        ),
        (
            json!({"game": "loa", "clock": arena(1)["clock"], "duration_ms": 600_000, "x": 1}),
            ErrorCode::BadRequest,
            params(&[]),
        ),
        (
            json!({"game": "loa", "clock": arena(1)["clock"], "duration_ms": 600_000, "start_in_ms": -1}),
            ErrorCode::TournamentStart,
            start.clone(),
        ),
        (
            json!({"game": "loa", "clock": arena(1)["clock"], "duration_ms": 600_000, "start_in_ms": 86_400_001}),
            ErrorCode::TournamentStart,
            start,
        ),
        (
            json!({"game": "loa", "clock": arena(1)["clock"], "duration_ms": 600_000, "name": " \n "}),
            ErrorCode::TournamentName,
            name.clone(),
        ),
        (
            json!({"game": "loa", "clock": arena(1)["clock"], "duration_ms": 600_000, "name": "x".repeat(41)}),
            ErrorCode::TournamentName,
            name,
        ),
        (
            json!({"game": "loa", "clock": arena(1)["clock"], "duration_ms": "long"}),
            ErrorCode::BadRequest,
            params(&[]),
        ),
    ];
    for (body, code, quoted) in bad {
        let (s, e) = alice.post_refusal("/api/tournaments", body.clone()).await;
        assert_eq!((s, e.code), (400, code), "{body}");
        if code == ErrorCode::BadOption {
            // The rules' own words on the value are in `detail`.
            assert_eq!(e.params.get("key").map(String::as_str), Some("size"));
            assert_eq!(e.params.get("value").map(String::as_str), Some("99"));
        } else {
            assert_eq!(e.params, quoted, "{body}");
        }
    }
    // Two upcoming or running per user.
    let mut named = arena(600_000);
    named["name"] = json!("  Friday  blitz ");
    named["start_in_ms"] = json!(3_600_000);
    let upcoming = create(&mut alice, named).await;
    assert_eq!(upcoming.summary.status, TournamentStatus::Upcoming);
    assert_eq!(upcoming.summary.name, "Friday  blitz");
    let id = create(&mut alice, arena(600_000))
        .await
        .summary
        .id
        .to_string();
    let (s, e) = alice.post_refusal("/api/tournaments", arena(600_000)).await;
    assert_eq!(
        (s, e.code, e.params),
        (429, ErrorCode::TournamentsYours, params(&[("n", "2")]))
    );

    // At most 3 in the server (this one's limit).
    let mut bob = server.registered("bob").await;
    create(&mut bob, arena(600_000)).await;
    let (s, e) = bob.post_refusal("/api/tournaments", arena(600_000)).await;
    assert_eq!(
        (s, e.code, e.params),
        (429, ErrorCode::TournamentsAll, params(&[("n", "3")]))
    );

    // Joining: registered players only, up to the cap.
    let refused = guest
        .post_refused(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(refused, (403, ErrorCode::TournamentGuest));
    join(&mut bob, &id).await;
    for name in ["carol", "dave", "fred"] {
        let mut c = server.registered(name).await;
        join(&mut c, &id).await;
    }
    let (s, e) = alice
        .post_refusal(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(
        (s, e.code, e.params),
        (409, ErrorCode::TournamentFull, params(&[("n", "4")]))
    );
    let refused = alice
        .post_refused(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(refused, (409, ErrorCode::TournamentNotJoined));
    for path in [
        "/api/tournaments/nosuchtournament",
        "/api/tournaments/not..an..id",
        "/api/games/nosuchgame/tournament",
    ] {
        let (s, _) = alice.get_refused(path).await;
        assert_eq!(s, 404, "{path}");
    }
    let refused = alice
        .post_refused("/api/tournaments/nosuchtournament/join", json!({}))
        .await;
    assert_eq!(refused, (404, ErrorCode::NoSuchTournament));
    // A game outside tournaments has none.
    let mut erin = server.registered("erin").await;
    let game = common::small_loa(&mut alice, &mut erin).await;
    let link: GameTournamentView = alice.get_as(&format!("/api/games/{game}/tournament")).await;
    assert_eq!(link.tournament, None);
    // Joins and withdrawals are rate-limited.
    let mut refused = None;
    for _ in 0..30 {
        let (s, v) = erin
            .post(
                &format!("/api/tournaments/{}/withdraw", upcoming.summary.id),
                json!({}),
            )
            .await;
        if s == 429 {
            refused = Some(v);
            break;
        }
    }
    let refused = decode::<common::ErrorView>(&refused.expect("a rate"));
    assert_eq!(refused.code, ErrorCode::TournamentRate);
    assert!(refused.params.contains_key("n"), "{refused:?}");
}
test_on_every_backend!(limits_and_bad_input_are_refused_clearly, limits);

async fn restart(backend: Backend) {
    let server = server(backend).await;
    let (mut alice, mut bob, _, id) = alice_and_bob_in(&server, arena(600_000)).await;
    let first = next_game(&mut alice, &id, ("alice", "bob"), None).await;
    win(&alice, &bob, &first).await;
    let second = next_game(&mut alice, &id, ("alice", "bob"), Some(&first)).await;
    let before = get(&mut alice, &id).await;

    let server = TestServer::start_with(server.stop(), configure).await;
    alice.rebase(&server.base);
    bob.rebase(&server.base);
    let after = get(&mut alice, &id).await;
    assert_eq!(after, before, "the standings are the stored results'");
    // The driver goes on: the next game is paired after the restart.
    win(&alice, &bob, &second).await;
    next_game(&mut alice, &id, ("alice", "bob"), Some(&second)).await;
    assert_eq!(
        standing(&get(&mut alice, &id).await, "alice").scores,
        [2, 2]
    );
}
test_on_every_backend!(standings_and_pairing_survive_a_restart, restart);

async fn two_processes(backend: Backend) {
    let one = server(backend).await;
    let mut config = one.backend.config();
    configure(&mut config);
    let two = gamut_server::Server::start(config)
        .await
        .expect("a second process starts");
    let mut alice = one.registered("alice").await;
    let id = create(&mut alice, arena(600_000))
        .await
        .summary
        .id
        .to_string();
    // Both processes' drivers see the players join at once (the second
    // through the bus): each player is paired once all the same.
    let mut names = Vec::new();
    for (i, name) in ["bob", "carol", "dave"].into_iter().enumerate() {
        let mut c = one.registered(name).await;
        if i % 2 == 1 {
            c.rebase(&format!("http://{}", two.addr()));
        }
        join(&mut c, &id).await;
        names.push(name);
    }
    join(&mut alice, &id).await;
    let view = wait_until(&mut alice, &id, "two games", |v| {
        v.standings.iter().all(|s| s.playing.is_some())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let view_after = get(&mut alice, &id).await;
    assert_eq!(view_after.games, 2, "{view:#?}");
    for name in names.iter().chain(["alice"].iter()) {
        let live: common::GamesView = alice
            .get_as(&format!("/api/games?status=live&player={name}"))
            .await;
        assert_eq!(live.games.len(), 1, "{name}: one game");
    }
    two.stop();
}
test_on_postgres!(
    processes_sharing_a_database_pair_each_player_once,
    two_processes
);

async fn claims(backend: Backend) {
    let server = server(backend).await;
    let mut alice = server.registered("alice").await;
    let mut upcoming = arena(600_000);
    upcoming["start_in_ms"] = json!(3_600_000);
    let id = create(&mut alice, upcoming).await.summary.id;
    // Upcoming: nobody is paired while the claims are tried by hand.
    let store = gamut_server::store::Store::open(
        &server.backend.data_dir(),
        server.backend.database_url().as_deref(),
    )
    .await
    .expect("the store");
    let now = gamut_protocol::ids::now_ms();
    for user in ["ua", "ub", "uc"] {
        assert!(store
            .join_tournament(id.as_str(), user, "{}", 10, now)
            .await
            .expect("join"));
    }
    let claim = |game: &'static str, users: [&'static str; 2], pairings: [i64; 2]| {
        gamut_server::store::PairingClaim {
            tournament_id: id.as_str(),
            game_id: game,
            users,
            pairings,
            at: now,
        }
    };
    assert!(store
        .claim_pairing(&claim("g1", ["ua", "ub"], [0, 0]))
        .await
        .unwrap());
    // Another pairing of `ub` made from the same reading loses, and
    // stores nothing (not even `uc`'s count).
    assert!(!store
        .claim_pairing(&claim("g2", ["uc", "ub"], [0, 0]))
        .await
        .unwrap());
    assert!(store
        .claim_pairing(&claim("g3", ["uc", "ua"], [0, 1]))
        .await
        .unwrap());
    let games = store.tournament_games(id.as_str()).await.unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g.game_id.as_str()).collect();
    assert_eq!(ids, ["g1", "g3"]);
}
test_on_every_backend!(a_pairing_is_a_claim_only_one_reading_wins, claims);

async fn no_show(backend: Backend) {
    let server = server(backend).await;
    let mut body = arena(600_000);
    body["clock"] = json!({"type": "realtime", "initial_ms": 1000, "increment_ms": 0});
    let (mut alice, bob, _, id) = alice_and_bob_in(&server, body).await;
    let game = next_game(&mut alice, &id, ("alice", "bob"), None).await;
    // Nobody moves: the first side loses on time after a second, and is
    // withdrawn; the other is not, and waits.
    let state: GameView = alice.view(&game).await;
    let first = state.players[0].as_ref().expect("seated").display_name();
    let second = if first == "alice" { "bob" } else { "alice" };
    let view = wait_until(&mut alice, &id, "the no-show withdrawn", |v| {
        !standing(v, &first).active
    })
    .await;
    assert_eq!(standing(&view, second).points, 2);
    assert!(standing(&view, second).active);
    assert_eq!(standing(&view, &first).scores, [0]);
    // Back: paired again, and not withdrawn again for the old game.
    let mut back = if first == "alice" {
        alice.clone()
    } else {
        bob.clone()
    };
    join(&mut back, &id).await;
    next_game(&mut alice, &id, ("alice", "bob"), Some(&game)).await;
    assert!(standing(&get(&mut alice, &id).await, &first).active);
}
test_on_every_backend!(
    a_player_who_loses_on_time_without_moving_is_withdrawn,
    no_show
);

async fn starting(backend: Backend) {
    let server = server(backend).await;
    let mut body = arena(600_000);
    body["start_in_ms"] = json!(3_000);
    let (mut alice, _, created, id) = alice_and_bob_in(&server, body).await;
    assert_eq!(created.summary.status, TournamentStatus::Upcoming);
    // Nobody is paired before the start, and both are at once after it.
    let view = get(&mut alice, &id).await;
    assert!(view.standings.iter().all(|s| s.playing.is_none()));
    next_game(&mut alice, &id, ("alice", "bob"), None).await;
    let view = get(&mut alice, &id).await;
    assert_eq!(view.summary.status, TournamentStatus::Running);
    assert!(gamut_protocol::ids::now_ms() >= view.summary.starts_at);
}
test_on_every_backend!(an_upcoming_tournament_starts_on_time, starting);
