//! Search speed: the fixed `gamut bench` search (full strength, one
//! thread, the entry's depth from the standard start) of every game of the
//! catalogue.
// criterion_group!/criterion_main! generate undocumented items.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use gamut_games::GameKind;
use std::hint::black_box;

fn fixed_searches(c: &mut Criterion) {
    let mut group = c.benchmark_group("fixed-search");
    group.sample_size(10);
    for &kind in GameKind::ALL {
        let game = kind
            .new_match(&[], None)
            .expect("the default options are valid");
        group.bench_function(kind.name(), |b| {
            b.iter(|| black_box(game.as_ref()).bench_search());
        });
    }
    group.finish();
}

criterion_group!(benches, fixed_searches);
criterion_main!(benches);
