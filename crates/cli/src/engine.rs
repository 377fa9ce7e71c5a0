//! `gamut engine`: the line-based engine protocol on stdin/stdout, for
//! match controllers and other programs (docs/engine-protocol.md).

mod command;
mod info_line;
mod session;

use anyhow::Result;
use clap::Args;
use session::{Flow, Output, Session};
use std::io::{BufRead, Write};
use std::sync::Arc;

/// Arguments of `gamut engine` (none: everything is set over the protocol).
#[derive(Args, Debug)]
pub struct EngineArgs {}

/// Run `gamut engine` until `quit` or the end of input.
pub fn run(_args: EngineArgs) -> Result<()> {
    let out: Output = Arc::new(|line: &str| {
        let mut stdout = std::io::stdout().lock();
        // A controller that went away is not an error worth a panic.
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    });
    let mut session = Session::new(out);
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        if session.handle(&line) == Flow::Quit {
            break;
        }
    }
    session.finish_search();
    Ok(())
}
