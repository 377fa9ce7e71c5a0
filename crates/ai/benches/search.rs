//! Search speed: the fixed `gamut bench` search (full strength, one
//! thread, fixed depth from the start) of every game, and the static
//! evaluations.

use criterion::{criterion_group, criterion_main, Criterion};
use gamut_ai::{bench_search, Evaluate};
use gamut_core::{DynMatch, Game, GameRecord, MoveList};
use gamut_football::{Football, FootballOptions};
use gamut_loa::{Loa, LoaOptions};
use gamut_pursuit::{Pursuit, PursuitOptions};
use std::hint::black_box;

fn fixed_searches(c: &mut Criterion) {
    let games: Vec<Box<dyn DynMatch>> = vec![
        Box::new(GameRecord::<Loa>::new(LoaOptions::default())),
        Box::new(GameRecord::<Pursuit>::new(PursuitOptions::default())),
        Box::new(GameRecord::<Football>::new(FootballOptions::default())),
    ];
    let mut group = c.benchmark_group("fixed-search");
    group.sample_size(10);
    for game in &games {
        group.bench_function(game.game_name(), |b| {
            b.iter(|| bench_search(black_box(game.as_ref())))
        });
    }
    group.finish();
}

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
            })
        });
    }
    bench::<Loa>(c, &LoaOptions::default());
    bench::<Pursuit>(c, &PursuitOptions::default());
    bench::<Football>(c, &FootballOptions::default());
}

criterion_group!(benches, fixed_searches, evaluations);
criterion_main!(benches);
