//! The server's integration tests: one module per concern, linked into one
//! test binary. (One binary per file linked the server some 26 times, at
//! ~70 MB of disk and a link each.) Each test starts its own server
//! ([`common::TestServer`]), so modules share nothing but the process;
//! `cargo test -p gamut-server --test suite <module>::` runs one of them.

#[macro_use]
mod common;

mod abuse;
mod abuse_surfaces;
mod accounts;
mod analysis;
mod api_docs;
mod bots;
mod chat;
mod correspondence;
mod durability;
mod failover;
mod fair_pools;
mod fan_out;
mod lessons;
mod lifecycle;
mod play;
mod premoves;
mod profile;
mod proxy;
mod puzzles;
mod review;
mod security;
mod sessions;
mod social;
mod storage;
mod suggestions;
mod tournaments;
