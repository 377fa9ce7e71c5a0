//! Match statistics: the Elo difference with a 95% confidence interval and
//! the sequential probability ratio test (SPRT) that stops a match as soon
//! as it is decided.
//!
//! Both use the per-game score (1, ½, 0) of engine A. The SPRT is the usual
//! normal approximation of the generalised SPRT over the trinomial
//! win/draw/loss distribution (as in cutechess-cli and fishtest).

use std::fmt;

/// Wins, draws and losses from engine A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Add one game whose score for A is 1, 0.5 or 0.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// A's mean score per game (`None` before the first game).
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n))
    }

    /// The variance of one game's score around the mean.
    fn variance(&self, mean: f64) -> f64 {
        let n = f64::from(self.games());
        (f64::from(self.wins) * (1.0 - mean).powi(2)
            + f64::from(self.draws) * (0.5 - mean).powi(2)
            + f64::from(self.losses) * mean.powi(2))
            / n
    }

    /// The Elo difference A − B with its 95% confidence interval.
    pub fn elo(&self) -> Option<EloEstimate> {
        let mean = self.score()?;
        let n = f64::from(self.games());
        let margin = 1.959_964 * (self.variance(mean) / n).sqrt();
        Some(EloEstimate {
            elo: elo_of_score(mean),
            low: elo_of_score(mean - margin),
            high: elo_of_score(mean + margin),
        })
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.wins, self.draws, self.losses)
    }
}

/// The Elo difference whose expected score is `score` (infinite at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a player `elo` points stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference and its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The point estimate.
    pub elo: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |x: f64| {
            if x.is_finite() {
                format!("{x:+.1}")
            } else if x > 0.0 {
                "+inf".to_string()
            } else {
                "-inf".to_string()
            }
        };
        write!(
            f,
            "{} (95% interval {} .. {})",
            show(self.elo),
            show(self.low),
            show(self.high)
        )
    }
}

/// The SPRT's verdict so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not decided yet: keep playing.
    Continue,
    /// H0 accepted: A is not `elo1` stronger (at most `elo0`).
    H0,
    /// H1 accepted: A is at least `elo1` stronger.
    H1,
}

/// A sequential probability ratio test of H0: elo = elo0 against
/// H1: elo = elo1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// Lower bound: accept H0 at or below it.
    pub lower: f64,
    /// Upper bound: accept H1 at or above it.
    pub upper: f64,
}

impl Sprt {
    /// The test with error rates `alpha` (false H1) and `beta` (false H0).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
        }
    }

    /// Parse `elo0,elo1` (with alpha = beta = 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("--sprt wants two Elo values as elo0,elo1 (e.g. 0,50), got '{text}'");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !elo0.is_finite() || !elo1.is_finite() || elo0 >= elo1 {
            return Err(format!("--sprt wants elo0 < elo1, got '{text}'"));
        }
        Ok(Sprt::new(elo0, elo1, 0.05, 0.05))
    }

    /// The log-likelihood ratio of the games so far. Each of win, draw
    /// and loss gets half a game as a prior, so that the variance is never
    /// zero and a clean sweep can decide the test (the prior pulls the
    /// mean slightly towards one half: it errs on the side of playing on).
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        const PRIOR: f64 = 0.5;
        let (w, d, l) = (
            f64::from(tally.wins) + PRIOR,
            f64::from(tally.draws) + PRIOR,
            f64::from(tally.losses) + PRIOR,
        );
        let n = w + d + l;
        let mean = (w + 0.5 * d) / n;
        let var = (w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2)) / n;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Whether the test is decided after these games.
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let llr = self.llr(tally);
        if llr >= self.upper {
            Verdict::H1
        } else if llr <= self.lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn even_score_is_zero_elo() {
        let e = tally(10, 0, 10).elo().unwrap();
        assert!(e.elo.abs() < 1e-9);
        assert!(e.low < 0.0 && e.high > 0.0);
        // Symmetric interval around zero.
        assert!((e.low + e.high).abs() < 1e-6);
    }

    #[test]
    fn three_quarters_is_191_elo() {
        let e = tally(15, 0, 5).elo().unwrap();
        assert!((e.elo - 190.85).abs() < 0.1, "{}", e.elo);
        assert!(e.low < e.elo && e.elo < e.high);
    }

    #[test]
    fn a_clean_sweep_is_infinite() {
        let e = tally(8, 0, 0).elo().unwrap();
        assert_eq!(e.elo, f64::INFINITY);
        assert_eq!(e.to_string(), "+inf (95% interval +inf .. +inf)");
        assert!(Tally::default().elo().is_none());
    }

    #[test]
    fn more_games_narrow_the_interval() {
        let small = tally(6, 2, 2).elo().unwrap();
        let large = tally(60, 20, 20).elo().unwrap();
        assert!((small.elo - large.elo).abs() < 1e-9);
        assert!(large.high - large.low < small.high - small.low);
    }

    #[test]
    fn tally_counts_scores() {
        let mut t = Tally::default();
        for s in [1.0, 0.5, 0.0, 1.0] {
            t.add(s);
        }
        assert_eq!(t, tally(2, 1, 1));
        assert_eq!(t.to_string(), "2-1-1");
        assert_eq!(t.score(), Some(0.625));
    }

    #[test]
    fn sprt_bounds_for_five_percent_errors() {
        let s = Sprt::parse("0,50").unwrap();
        assert!((s.upper - 2.944).abs() < 1e-3);
        assert!((s.lower + 2.944).abs() < 1e-3);
        assert!(Sprt::parse("50,0").is_err());
        assert!(Sprt::parse("x").is_err());
        assert!(Sprt::parse("1,y").is_err());
    }

    #[test]
    fn sprt_decides_clear_results() {
        let s = Sprt::parse("0,50").unwrap();
        assert_eq!(s.verdict(&tally(3, 1, 2)), Verdict::Continue);
        assert_eq!(s.verdict(&tally(80, 10, 10)), Verdict::H1);
        assert_eq!(s.verdict(&tally(10, 10, 80)), Verdict::H0);
        assert_eq!(s.llr(&Tally::default()), 0.0);
        // A clean sweep decides too, though not at once.
        assert_eq!(s.verdict(&tally(2, 0, 0)), Verdict::Continue);
        assert_eq!(s.verdict(&tally(20, 0, 0)), Verdict::H1);
        assert_eq!(s.verdict(&tally(0, 0, 20)), Verdict::H0);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-300.0, -50.0, 0.0, 120.0] {
            assert!((elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-9);
        }
    }
}
