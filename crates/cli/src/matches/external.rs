//! An external engine for `gamut match` (`cmd:<program>`): a child process
//! driven over the engine protocol (docs/engine-protocol.md) through its
//! stdin and stdout.

use super::clock::Think;
use super::player::Setup;
use anyhow::{anyhow, bail, Context, Result};
use gamut_core::Player;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the program may take to start and to answer `isready`.
const STARTUP: Duration = Duration::from_secs(60);
/// Slack over the move time before an engine that has not answered loses:
/// external engines may ignore `movetime` (a fixed number of simulations).
const MOVE_SLACK: Duration = Duration::from_secs(120);
/// How long past its time left an engine on a clock is waited for (it has
/// lost on time by then, but its answer is still read so that it does not
/// come as the answer to the next `go`).
const CLOCK_GRACE: Duration = Duration::from_secs(2);

/// A running external engine.
pub struct ExternalEngine {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl ExternalEngine {
    /// Start `command` (a program and its arguments, split at blanks),
    /// make the handshake and set the thread count.
    pub fn start(command: &str, threads: Option<usize>) -> Result<ExternalEngine> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| anyhow!("empty engine command"))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("starting engine '{command}'"))?;
        let stdin = child.stdin.take().ok_or_else(|| anyhow!("no stdin"))?;
        let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = ExternalEngine {
            command: command.to_string(),
            child,
            stdin,
            lines,
        };
        engine.send("gamut")?;
        engine.expect(|l| l == "gamutok", STARTUP)?;
        if let Some(n) = threads {
            engine.send(&format!("setoption name Threads value {n}"))?;
        }
        Ok(engine)
    }

    /// Set up a new game and wait until the engine is ready.
    pub fn new_game(&mut self, setup: &Setup) -> Result<()> {
        let mut line = format!("newgame {}", setup.kind);
        for (k, v) in &setup.options {
            line.push_str(&format!(" {k}={v}"));
        }
        self.send(&line)?;
        self.send("isready")?;
        self.expect(|l| l == "readyok", STARTUP)?;
        Ok(())
    }

    /// The engine's move after `moves` from the setup's start, for `side`
    /// (to move), in the time `think` gives (`go movetime`, or the clocks'
    /// `firsttime`, `secondtime`, `firstinc`, `secondinc`).
    pub fn choose(
        &mut self,
        setup: &Setup,
        moves: &[String],
        think: &Think,
        side: Player,
    ) -> Result<String> {
        let mut line = match &setup.start {
            Some(text) => format!("position text {text}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        self.send(&line)?;
        self.send(&think.go_command())?;
        let within = match (think.clock(side), think.movetime) {
            (Some(clock), _) => clock.left + CLOCK_GRACE,
            (None, Some(t)) => t + MOVE_SLACK,
            (None, None) => MOVE_SLACK,
        };
        let answer = self.expect(|l| l.starts_with("bestmove"), within)?;
        match answer.split_whitespace().nth(1) {
            Some("(none)") | None => bail!("engine '{}' answered '{answer}'", self.command),
            Some(mv) => Ok(mv.to_string()),
        }
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .with_context(|| format!("writing to engine '{}'", self.command))
    }

    /// Read lines until one satisfies `wanted` (returned); errors reported
    /// by the engine are shown on stderr.
    fn expect(&mut self, wanted: impl Fn(&str) -> bool, within: Duration) -> Result<String> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if wanted(line.trim()) => return Ok(line.trim().to_string()),
                Ok(line) => {
                    if let Some(e) = line.trim().strip_prefix("info string error:") {
                        eprintln!("engine '{}': error:{e}", self.command);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    bail!("engine '{}' did not answer within {within:?}", self.command)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    bail!("engine '{}' exited", self.command)
                }
            }
        }
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
