//! Move-generation speed of Linear Pursuit: perft from the Classic start
//! (bulk counting at the last ply), move listing, and a full position step
//! (clone, play, outcome).
// criterion_group!/criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use gamut_core::{perft, Game, MoveList};
use gamut_pursuit::{Pursuit, PursuitOptions};

fn movegen(c: &mut Criterion) {
    let options = PursuitOptions::default();
    let start = Pursuit::start(&options);
    let mut middle = start.clone();
    for text in "11x3 2x10 8-16 18-6 7-15 e18 9x1 10-2".split_whitespace() {
        let mv = middle.parse_move(text).expect("a legal move");
        middle.play(mv);
    }

    c.bench_function("pursuit perft 4 from classic", |b| {
        b.iter(|| perft(black_box(&start), 4));
    });
    c.bench_function("pursuit legal_moves midgame", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            moves.clear();
            black_box(&middle).legal_moves(&mut moves);
            moves.len()
        });
    });
    c.bench_function("pursuit leaf count midgame", |b| {
        b.iter(|| black_box(&middle).perft_leaf_count());
    });
    c.bench_function("pursuit play + outcome midgame", |b| {
        let mut moves = MoveList::new();
        middle.legal_moves(&mut moves);
        b.iter(|| {
            let mut total = 0;
            for &mv in &moves {
                let mut child = black_box(&middle).clone();
                child.play(mv);
                total += usize::from(child.outcome().is_some());
            }
            total
        });
    });
}

criterion_group!(benches, movegen);
criterion_main!(benches);
