//! Shared helpers of the integration tests (each test uses some of them).
#![allow(dead_code)]

pub mod connect_four;
pub mod loa;
pub mod toggle;
