//! What a run measures: acknowledged moves, latencies (exact percentiles
//! of sorted samples), errors by kind, games.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Latency samples in microseconds.
#[derive(Default, Clone)]
pub struct Samples(Vec<u32>);

/// Percentiles of a set of samples, in milliseconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    /// How many samples.
    pub n: usize,
    /// 50th percentile.
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
    /// The largest.
    pub max: f64,
}

impl Samples {
    /// Adds one.
    pub fn add(&mut self, d: Duration) {
        self.0.push(d.as_micros().min(u128::from(u32::MAX)) as u32);
    }

    /// Adds all of `other`.
    pub fn extend(&mut self, other: &Samples) {
        self.0.extend_from_slice(&other.0);
    }

    /// Sorts them and summarises (nearest-rank percentiles).
    pub fn summary(&mut self) -> Summary {
        let v = &mut self.0;
        if v.is_empty() {
            return Summary::default();
        }
        v.sort_unstable();
        let at = |p: f64| {
            let rank = ((p * v.len() as f64).ceil() as usize).clamp(1, v.len());
            f64::from(v[rank - 1]) / 1000.0
        };
        Summary {
            n: v.len(),
            p50: at(0.50),
            p95: at(0.95),
            p99: at(0.99),
            max: f64::from(v[v.len() - 1]) / 1000.0,
        }
    }
}

impl Summary {
    /// `p50 1.2  p95 3.4  p99 5.6  max 7.8 ms (n=100)`.
    pub fn line(&self) -> String {
        if self.n == 0 {
            return "no samples".to_owned();
        }
        format!(
            "p50 {:.2}  p95 {:.2}  p99 {:.2}  max {:.2} ms  (n={})",
            self.p50, self.p95, self.p99, self.max, self.n
        )
    }

    /// `1.2/5.6` (p50/p99) for the periodic line.
    pub fn short(&self) -> String {
        if self.n == 0 {
            return "-".to_owned();
        }
        format!("{:.1}/{:.1}", self.p50, self.p99)
    }
}

/// Which latency a sample is.
#[derive(Clone, Copy, Debug)]
pub enum Latency {
    /// The mover's send to its `ack`.
    Ack,
    /// The mover's send to the opponent's receipt of the move event.
    ToOpponent,
    /// The mover's send to a spectator's receipt of the move event.
    ToSpectator,
}

/// One window's samples.
#[derive(Default, Clone)]
pub struct Window {
    /// Moves acknowledged.
    pub acked: u64,
    /// Ack latencies.
    pub ack: Samples,
    /// Delivery to the opponent.
    pub to_opponent: Samples,
    /// Delivery to spectators.
    pub to_spectator: Samples,
}

impl Window {
    fn add(&mut self, kind: Latency, d: Duration) {
        match kind {
            Latency::Ack => {
                self.acked += 1;
                self.ack.add(d);
            }
            Latency::ToOpponent => self.to_opponent.add(d),
            Latency::ToSpectator => self.to_spectator.add(d),
        }
    }
}

#[derive(Default)]
struct Inner {
    /// The whole run.
    all: Window,
    /// After the ramp.
    steady: Window,
    /// Since the last periodic line.
    interval: Window,
    errors: BTreeMap<String, u64>,
}

/// Everything measured, shared by every task.
pub struct Stats {
    inner: Mutex<Inner>,
    /// When the ramp ends (samples after it are also counted as steady).
    steady_from: Instant,
    /// Games started.
    pub games_started: AtomicU64,
    /// Games that ended (by the rules, a clock, a resignation) during the run.
    pub games_ended: AtomicU64,
    /// Games being played now.
    pub games_live: AtomicU64,
    /// Errors so far.
    pub error_count: AtomicU64,
    /// Moves refused because the game had just ended: sent on the move
    /// event of the game's last move (which still names a side to move
    /// and legal moves) before its `end` event came. Not errors.
    pub end_races: AtomicU64,
}

impl Stats {
    /// Empty; samples from `steady_from` on are also counted as steady.
    pub fn new(steady_from: Instant) -> Stats {
        Stats {
            inner: Mutex::new(Inner::default()),
            steady_from,
            games_started: AtomicU64::new(0),
            games_ended: AtomicU64::new(0),
            games_live: AtomicU64::new(0),
            error_count: AtomicU64::new(0),
            end_races: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Records a latency measured at `now`.
    pub fn latency(&self, kind: Latency, d: Duration, now: Instant) {
        let mut inner = self.lock();
        inner.all.add(kind, d);
        inner.interval.add(kind, d);
        if now >= self.steady_from {
            inner.steady.add(kind, d);
        }
    }

    /// Counts an error of this kind.
    pub fn error(&self, kind: impl Into<String>) {
        self.error_count.fetch_add(1, Ordering::Relaxed);
        *self.lock().errors.entry(kind.into()).or_default() += 1;
    }

    /// The window since the last call (and starts a new one).
    pub fn take_interval(&self) -> Window {
        std::mem::take(&mut self.lock().interval)
    }

    /// The whole run's and the steady window's samples, and the errors.
    pub fn totals(&self) -> (Window, Window, BTreeMap<String, u64>) {
        let inner = self.lock();
        (
            inner.all.clone(),
            inner.steady.clone(),
            inner.errors.clone(),
        )
    }
}

/// Counts by kind (refusals, errors of a side scenario), shared by tasks.
#[derive(Default)]
pub struct Counts(Mutex<BTreeMap<String, u64>>);

impl Counts {
    /// Counts one of this kind.
    pub fn add(&self, kind: impl Into<String>) {
        *self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(kind.into())
            .or_default() += 1;
    }

    /// The counts so far.
    pub fn snapshot(&self) -> BTreeMap<String, u64> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Their sum so far.
    pub fn total(&self) -> u64 {
        self.snapshot().values().sum()
    }
}

/// Latency samples shared by tasks: the whole run's, and those since the
/// last progress line.
#[derive(Default)]
pub struct SharedSamples(Mutex<(Samples, Samples)>);

impl SharedSamples {
    /// Adds one.
    pub fn add(&self, d: Duration) {
        let mut s = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        s.0.add(d);
        s.1.add(d);
    }

    /// The whole run's summary.
    pub fn summary(&self) -> Summary {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .0
            .summary()
    }

    /// The summary since the last call (and starts a new interval).
    pub fn take_interval(&self) -> Summary {
        std::mem::take(
            &mut self
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .1,
        )
        .summary()
    }
}

/// A server's error message as an error kind: quoted parts and numbers
/// replaced, so that one kind of refusal counts as one kind.
pub fn error_kind(prefix: &str, message: &str) -> String {
    let mut out = String::with_capacity(prefix.len() + message.len().min(100));
    out.push_str(prefix);
    out.push_str(": ");
    let mut in_quote = false;
    let mut last_digit = false;
    for c in message.chars().take(100) {
        if c == '\'' {
            if !in_quote {
                out.push_str("'…'");
            }
            in_quote = !in_quote;
            continue;
        }
        if in_quote {
            continue;
        }
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('N');
            }
            last_digit = true;
            continue;
        }
        last_digit = false;
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let mut s = Samples::default();
        for ms in 1..=100u64 {
            s.add(Duration::from_millis(ms));
        }
        let sum = s.summary();
        assert_eq!(sum.n, 100);
        assert!((sum.p50 - 50.0).abs() < 1e-9);
        assert!((sum.p95 - 95.0).abs() < 1e-9);
        assert!((sum.p99 - 99.0).abs() < 1e-9);
        assert!((sum.max - 100.0).abs() < 1e-9);
        assert_eq!(Samples::default().summary().n, 0);
    }

    #[test]
    fn error_kinds_drop_quoted_parts_and_numbers() {
        assert_eq!(
            error_kind("move refused", "illegal move 'a1-a9' at ply 12"),
            "move refused: illegal move '…' at ply N"
        );
    }
}
