//! Move-generation speed: perft with bulk counting and random playouts.
// criterion_group!/criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use gamut_core::{perft, random_playout, Game, GameOptions};
use gamut_loa::{Loa, LoaOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn movegen(c: &mut Criterion) {
    let options = LoaOptions::default();
    let start = Loa::start(&options);
    let mut group = c.benchmark_group("loa");
    group.sample_size(10);
    group.bench_function("perft4", |b| b.iter(|| perft(&start, 4)));
    let small = LoaOptions::from_pairs([("size", "6")]).expect("valid options");
    let small_start = Loa::start(&small);
    group.bench_function("perft4-6x6", |b| b.iter(|| perft(&small_start, 4)));
    let mut rng = SmallRng::seed_from_u64(1);
    group.bench_function("playout", |b| {
        b.iter(|| random_playout(&start, &options, &mut rng));
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
