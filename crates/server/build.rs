//! Rebuilds the server when a migration is added under `migrations/`:
//! `sqlx::migrate!` embeds the directory's files at compile time but cannot
//! itself tell Cargo to watch the directory for new ones.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
