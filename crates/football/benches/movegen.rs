//! Move-generation speed of the Chess Football engine: perft from the
//! standard test position (bulk counting at the last ply), generation in a
//! middle-game position, and whole random matches.
// criterion_group!/criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use gamut_core::{perft, random_playout, Game, MoveList};
use gamut_football::{Football, FootballOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn benches(c: &mut Criterion) {
    let options = FootballOptions::default();
    let start = Football::perft_start(&options);
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    group.bench_function("perft(5) standard test position", |b| {
        b.iter(|| perft(black_box(&start), 5));
    });
    group.finish();
    let mut pos = start.clone();
    for text in [
        "e4>d2", "h8-h4", "a1-a8", "e8-e7", "a8-f8", "d7-d4", "f8-g8",
    ] {
        let mv = pos
            .parse_move(text)
            .expect("a legal move of the perft file");
        pos.play(mv);
    }
    c.bench_function("legal_moves middle game", |b| {
        b.iter(|| {
            let mut moves = MoveList::new();
            black_box(&pos).legal_moves(&mut moves);
            moves.len()
        });
    });
    let match_start = Football::start(&options);
    let mut rng = SmallRng::seed_from_u64(7);
    c.bench_function("random whole match", |b| {
        b.iter(|| random_playout(black_box(&match_start), &options, &mut rng));
    });
}

criterion_group!(movegen, benches);
criterion_main!(movegen);
