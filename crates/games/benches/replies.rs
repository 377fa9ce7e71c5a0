//! The premove list (`DynMatch::replies`): what the server computes for the
//! waiting player after every move of a real-time game (issue 24), for
//! each game of the catalogue, after 20 plies of a fixed, seeded playout
//! (a middlegame: the list is longest there).
// criterion_group!/criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use gamut_games::GameKind;
use std::hint::black_box;

/// Plies played before the list is measured.
const PLIES: usize = 20;

fn replies(c: &mut Criterion) {
    let mut group = c.benchmark_group("replies");
    for &kind in GameKind::ALL {
        let mut game = kind
            .new_match(&[], None)
            .expect("the default options are valid");
        // The legal move at a fixed, varying index: the same position on
        // every run, with no random source.
        for ply in 0..PLIES {
            let legal = game.legal_moves();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let mv = legal[(ply * 7 + 3) % legal.len()].clone();
            game.play(&mv).expect("a legal move");
        }
        group.bench_function(kind.name(), |b| {
            b.iter(|| black_box(game.as_ref()).replies());
        });
    }
    group.finish();
}

criterion_group!(benches, replies);
criterion_main!(benches);
