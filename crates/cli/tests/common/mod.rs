//! Helpers shared by the integration tests: run the real `gamut` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The `gamut` binary built for these tests.
pub const GAMUT: &str = env!("CARGO_BIN_EXE_gamut");

/// Run `gamut` with `args`, `input` on its stdin; returns stdout, stderr
/// and whether it succeeded.
pub fn run(args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = Command::new(GAMUT)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gamut");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write input");
    drop(stdin);
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().expect("wait for gamut");
    (
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
        status.success(),
    )
}
