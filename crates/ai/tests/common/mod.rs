//! Shared helpers of the integration tests.

pub mod connect_four;
