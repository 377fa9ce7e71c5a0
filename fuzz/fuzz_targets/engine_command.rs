//! Engine-protocol lines (`crates/cli/src/engine/command.rs`, compiled in
//! here as it is: crates/cli is a binary crate): parsing never panics, and
//! a line parses the same with its blanks changed.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/cli/src/engine/command.rs"]
mod command;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    for line in line.split('\n') {
        let parsed = command::Command::parse(line);
        let respaced = line.split_whitespace().collect::<Vec<_>>().join("  ");
        assert_eq!(
            command::Command::parse(&format!(" {respaced}\t")),
            parsed,
            "{line:?}"
        );
    }
});
