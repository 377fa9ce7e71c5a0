//! The `info` lines of the engine protocol: one search iteration as text,
//! one line per principal variation (`multipv K` when more than one was
//! asked for, as in UCI).

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

/// `info depth D seldepth S [multipv K] score ... nodes N nps N time MS pv
/// m1 m2 ...`: one line, or one per line of a multi-PV search, best first
/// (`multipv 1`, `multipv 2`, …).
pub fn info_lines(info: &SearchInfo) -> Vec<String> {
    let multi = !info.more_lines.is_empty();
    info.lines()
        .enumerate()
        .map(|(k, (score, pv))| {
            let mut line = format!("info depth {} seldepth {}", info.depth, info.seldepth);
            if multi {
                let _ = write!(line, " multipv {}", k + 1);
            }
            let _ = write!(
                line,
                " score {} nodes {} nps {} time {}",
                score_text(score),
                info.nodes,
                info.nps(),
                info.time.as_millis()
            );
            if !pv.is_empty() {
                let _ = write!(line, " pv {}", pv.join(" "));
            }
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_ai::PvLine;
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
            more_lines: Vec::new(),
        };
        assert_eq!(
            info_lines(&info),
            ["info depth 3 seldepth 7 score cp -25 nodes 5000 nps 20000 time 250 pv b1-d3 a2xb1"]
        );
        let mate = SearchInfo {
            score: Score::WinIn(3),
            pv: vec![],
            ..info
        };
        assert_eq!(
            info_lines(&mate),
            ["info depth 3 seldepth 7 score win 3 nodes 5000 nps 20000 time 250"]
        );
        assert_eq!(score_text(Score::LossIn(2)), "loss 2");
    }

    #[test]
    fn multi_pv_numbers_its_lines() {
        let info = SearchInfo {
            depth: 2,
            seldepth: 4,
            score: Score::WinIn(3),
            nodes: 100,
            time: Duration::from_millis(10),
            pv: vec!["b1-d3".into()],
            more_lines: vec![PvLine {
                score: Score::Value(-40),
                pv: vec!["c1-c3".into(), "a2-c2".into()],
            }],
        };
        assert_eq!(
            info_lines(&info),
            [
                "info depth 2 seldepth 4 multipv 1 score win 3 nodes 100 nps 10000 time 10 pv b1-d3",
                "info depth 2 seldepth 4 multipv 2 score cp -40 nodes 100 nps 10000 time 10 pv c1-c3 a2-c2",
            ]
        );
    }
}
