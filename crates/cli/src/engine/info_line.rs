//! The `info` line of the engine protocol: one search iteration as text.

use gamut_ai::{Score, SearchInfo};
use std::fmt::Write;

/// `score cp N`, `score win N` or `score loss N` (plies).
fn score_text(score: Score) -> String {
    match score {
        Score::Value(v) => format!("cp {v}"),
        Score::WinIn(n) => format!("win {n}"),
        Score::LossIn(n) => format!("loss {n}"),
    }
}

/// `info depth D seldepth S score ... nodes N nps N time MS pv m1 m2 ...`.
pub fn info_line(info: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        info.depth,
        info.seldepth,
        score_text(info.score),
        info.nodes,
        info.nps(),
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        let _ = write!(line, " pv {}", info.pv.join(" "));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn formats_every_field() {
        let info = SearchInfo {
            depth: 3,
            seldepth: 7,
            score: Score::Value(-25),
            nodes: 5000,
            time: Duration::from_millis(250),
            pv: vec!["b1-d3".into(), "a2xb1".into()],
        };
        assert_eq!(
            info_line(&info),
            "info depth 3 seldepth 7 score cp -25 nodes 5000 nps 20000 time 250 pv b1-d3 a2xb1"
        );
        let mate = SearchInfo {
            score: Score::WinIn(3),
            pv: vec![],
            ..info
        };
        assert_eq!(
            info_line(&mate),
            "info depth 3 seldepth 7 score win 3 nodes 5000 nps 20000 time 250"
        );
        assert_eq!(score_text(Score::LossIn(2)), "loss 2");
    }
}
