//! The messages a controller sends to `gamut engine`, parsed from one line
//! of text each (see docs/engine-protocol.md).

use gamut_ai::{Clock, Limits};
use gamut_core::Player;
use std::time::Duration;

/// One command of the engine protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `gamut`: the handshake.
    Hello,
    /// `isready`: answered with `readyok`.
    IsReady,
    /// `setoption name <name> value <value>`.
    SetOption {
        /// The option's name (as sent).
        name: String,
        /// Its new value.
        value: String,
    },
    /// `newgame <game> [key=value ...]`.
    NewGame {
        /// The game's short name.
        game: String,
        /// Game options.
        options: Vec<(String, String)>,
    },
    /// `position startpos|text <TEXT> [moves m1 m2 ...]`.
    Position {
        /// The position text, or `None` for the standard start.
        text: Option<String>,
        /// Moves played from there.
        moves: Vec<String>,
    },
    /// `go [movetime N] [nodes N] [depth N] [firsttime N] [secondtime N]
    /// [firstinc N] [secondinc N] [movestogo N] [infinite]`.
    Go(Go),
    /// `stop`: end the running search now.
    Stop,
    /// `legal`: list the legal moves.
    Legal,
    /// `show`: draw the position (as `info string` lines).
    Show,
    /// `quit`.
    Quit,
}

/// The limits of a `go` command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Time, node and depth limits (none: search until `stop`).
    pub limits: Limits,
    /// The clocks, if the controller sent them.
    pub clocks: Clocks,
    /// `infinite`: send `bestmove` only after `stop`, even when the search
    /// ends by itself.
    pub infinite: bool,
}

/// The clocks of a `go` command: `firsttime`/`secondtime` (time left of the
/// side that moves first in the game and of the other), `firstinc`/
/// `secondinc` (their increments) and `movestogo`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// Time left of each side (indexed by [`Player::index`]).
    pub time: [Option<Duration>; 2],
    /// Increment of each side.
    pub increment: [Duration; 2],
    /// Moves of the side to move until the next time control.
    pub moves_to_go: Option<u32>,
}

impl Clocks {
    /// The clock of `side` (to move), if its time was given.
    pub fn of(&self, side: Player) -> Option<Clock> {
        self.time[side.index()].map(|left| Clock {
            left,
            increment: self.increment[side.index()],
            moves_to_go: self.moves_to_go,
        })
    }
}

impl Command {
    /// Parse one line (surrounding blanks ignored). `Ok(None)` for an empty
    /// line.
    pub fn parse(line: &str) -> Result<Option<Command>, String> {
        let mut words = line.split_whitespace();
        let Some(head) = words.next() else {
            return Ok(None);
        };
        let rest: Vec<&str> = words.collect();
        let no_args = |cmd: Command| {
            if rest.is_empty() {
                Ok(Some(cmd))
            } else {
                Err(format!("'{head}' takes no arguments"))
            }
        };
        match head {
            "gamut" => no_args(Command::Hello),
            "isready" => no_args(Command::IsReady),
            "stop" => no_args(Command::Stop),
            "legal" => no_args(Command::Legal),
            "show" => no_args(Command::Show),
            "quit" => no_args(Command::Quit),
            "setoption" => parse_setoption(&rest).map(Some),
            "newgame" => parse_newgame(&rest).map(Some),
            "position" => parse_position(&rest).map(Some),
            "go" => parse_go(&rest).map(|g| Some(Command::Go(g))),
            _ => Err(format!("unknown command '{head}'")),
        }
    }
}

fn parse_setoption(words: &[&str]) -> Result<Command, String> {
    let usage = "usage: setoption name <name> value <value>";
    if words.first() != Some(&"name") {
        return Err(usage.to_string());
    }
    let value_at = words
        .iter()
        .position(|w| *w == "value")
        .ok_or_else(|| usage.to_string())?;
    let name = words[1..value_at].join(" ");
    let value = words[value_at + 1..].join(" ");
    if name.is_empty() || value.is_empty() {
        return Err(usage.to_string());
    }
    Ok(Command::SetOption { name, value })
}

fn parse_newgame(words: &[&str]) -> Result<Command, String> {
    let Some((game, pairs)) = words.split_first() else {
        return Err("usage: newgame <game> [key=value ...]".to_string());
    };
    let options = pairs
        .iter()
        .map(|p| match p.split_once('=') {
            Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
            _ => Err(format!("game option '{p}' is not of the form key=value")),
        })
        .collect::<Result<_, _>>()?;
    Ok(Command::NewGame {
        game: game.to_string(),
        options,
    })
}

fn parse_position(words: &[&str]) -> Result<Command, String> {
    let usage = "usage: position startpos|text <TEXT> [moves m1 m2 ...]";
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (
            &words[..i],
            words[i + 1..].iter().map(ToString::to_string).collect(),
        ),
        None => (words, Vec::new()),
    };
    let text = match head.split_first() {
        Some((&"startpos", [])) => None,
        Some((&"text", text)) if !text.is_empty() => Some(text.join(" ")),
        _ => return Err(usage.to_string()),
    };
    Ok(Command::Position { text, moves })
}

fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            go.infinite = true;
            continue;
        }
        let value = words
            .next()
            .ok_or_else(|| format!("'go {word}' needs a number"))?;
        let n: u64 = value
            .parse()
            .map_err(|_| format!("'go {word}' needs a whole number, got '{value}'"))?;
        let ms = Duration::from_millis(n);
        match word {
            "movetime" => go.limits.movetime = Some(ms),
            "nodes" => go.limits.nodes = Some(n),
            "depth" => {
                let d = u32::try_from(n).map_err(|_| format!("depth {n} is too large"))?;
                go.limits.depth = Some(d);
            }
            "firsttime" => go.clocks.time[0] = Some(ms),
            "secondtime" => go.clocks.time[1] = Some(ms),
            "firstinc" => go.clocks.increment[0] = ms,
            "secondinc" => go.clocks.increment[1] = ms,
            "movestogo" => match u32::try_from(n) {
                Ok(m @ 1..) => go.clocks.moves_to_go = Some(m),
                _ => return Err(format!("'go movestogo' must be at least 1, got {n}")),
            },
            _ => {
                return Err(format!(
                    "unknown go parameter '{word}' (movetime, nodes, depth, firsttime, \
                     secondtime, firstinc, secondinc, movestogo, infinite)"
                ))
            }
        }
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        Command::parse(line).unwrap().unwrap()
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("gamut"), Command::Hello);
        assert_eq!(parse("  isready "), Command::IsReady);
        assert_eq!(parse("stop"), Command::Stop);
        assert_eq!(parse("legal"), Command::Legal);
        assert_eq!(parse("quit"), Command::Quit);
        assert_eq!(Command::parse("   ").unwrap(), None);
        assert!(Command::parse("quit now").is_err());
        assert!(Command::parse("fly")
            .unwrap_err()
            .contains("unknown command"));
    }

    #[test]
    fn setoption() {
        assert_eq!(
            parse("setoption name Threads value 2"),
            Command::SetOption {
                name: "Threads".into(),
                value: "2".into()
            }
        );
        assert_eq!(
            parse("setoption name Search Engine value mcts"),
            Command::SetOption {
                name: "Search Engine".into(),
                value: "mcts".into()
            }
        );
        for bad in [
            "setoption",
            "setoption name X",
            "setoption name value 3",
            "setoption x value 1",
        ] {
            assert!(Command::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn newgame() {
        assert_eq!(
            parse("newgame loa size=6 setup=standard"),
            Command::NewGame {
                game: "loa".into(),
                options: vec![
                    ("size".into(), "6".into()),
                    ("setup".into(), "standard".into())
                ]
            }
        );
        assert!(Command::parse("newgame").is_err());
        assert!(Command::parse("newgame loa size").is_err());
        assert!(Command::parse("newgame loa =6").is_err());
    }

    #[test]
    fn position() {
        assert_eq!(
            parse("position startpos"),
            Command::Position {
                text: None,
                moves: vec![]
            }
        );
        assert_eq!(
            parse("position startpos moves b1-d3 a2-c2"),
            Command::Position {
                text: None,
                moves: vec!["b1-d3".into(), "a2-c2".into()]
            }
        );
        assert_eq!(
            parse("position text x.y b w moves e2"),
            Command::Position {
                text: Some("x.y b w".into()),
                moves: vec!["e2".into()]
            }
        );
        for bad in [
            "position",
            "position text",
            "position start",
            "position startpos extra",
        ] {
            assert!(Command::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn go() {
        assert_eq!(parse("go"), Command::Go(Go::default()));
        let Command::Go(g) = parse("go depth 4 movetime 250 nodes 1000") else {
            panic!("not a go");
        };
        assert_eq!(g.limits.depth, Some(4));
        assert_eq!(g.limits.movetime, Some(Duration::from_millis(250)));
        assert_eq!(g.limits.nodes, Some(1000));
        assert!(!g.infinite);
        assert_eq!(
            parse("go infinite"),
            Command::Go(Go {
                infinite: true,
                ..Go::default()
            })
        );
        for bad in [
            "go depth",
            "go depth x",
            "go depth -1",
            "go speed 3",
            "go depth 99999999999",
            "go firsttime",
            "go secondinc -5",
            "go movestogo 0",
            "go wtime 1000",
        ] {
            assert!(Command::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn go_with_clocks() {
        let Command::Go(g) =
            parse("go firsttime 60000 secondtime 59000 firstinc 100 secondinc 200 movestogo 12")
        else {
            panic!("not a go");
        };
        let ms = Duration::from_millis;
        assert_eq!(g.limits, Limits::default());
        assert_eq!(
            g.clocks.of(Player::First),
            Some(Clock {
                left: ms(60_000),
                increment: ms(100),
                moves_to_go: Some(12)
            })
        );
        assert_eq!(
            g.clocks.of(Player::Second),
            Some(Clock {
                left: ms(59_000),
                increment: ms(200),
                moves_to_go: Some(12)
            })
        );
        // Only the other side's time: no clock for the side to move.
        let Command::Go(g) = parse("go secondtime 1000 movetime 50") else {
            panic!("not a go");
        };
        assert_eq!(g.clocks.of(Player::First), None);
        assert_eq!(g.limits.movetime, Some(ms(50)));
        assert_eq!(
            g.clocks.of(Player::Second),
            Some(Clock::new(ms(1_000), Duration::ZERO))
        );
    }
}
