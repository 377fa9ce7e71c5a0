//! Speed of the static evaluations of Gamut's games. (The fixed `gamut
//! bench` search of every game is benchmarked over the catalogue, in
//! `gamut-games`.)
// criterion_group!/criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use gamut_ai::Evaluate;
use gamut_core::{Game, MoveList};
use gamut_football::{Football, FootballOptions};
use gamut_loa::{Loa, LoaOptions};
use gamut_pursuit::{Pursuit, PursuitOptions};
use std::hint::black_box;

/// Positions along a deterministic line of play from the start.
fn line<G: Game>(options: &G::Options, plies: usize) -> Vec<G> {
    let mut pos = G::start(options);
    let mut out = Vec::new();
    for i in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        out.push(pos.clone());
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        pos.play(moves[(i * 7) % moves.len()]);
    }
    out
}

fn evaluations(c: &mut Criterion) {
    fn bench<G: Evaluate>(c: &mut Criterion, options: &G::Options) {
        let positions = line::<G>(options, 40);
        c.bench_function(&format!("evaluate/{}", G::NAME), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| black_box(p).evaluate())
                    .sum::<i32>()
            });
        });
    }
    bench::<Loa>(c, &LoaOptions::default());
    bench::<Pursuit>(c, &PursuitOptions::default());
    bench::<Football>(c, &FootballOptions::default());
}

criterion_group!(benches, evaluations);
criterion_main!(benches);
