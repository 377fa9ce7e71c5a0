//! What a probe of the load generator found (the analysis and review
//! probes share it): each measurement, in order, and the kinds of errors
//! met.

/// What a probe found, and its errors.
pub struct Probe<R> {
    /// Each measurement, in order.
    pub results: Vec<R>,
    /// Error kinds.
    pub errors: Vec<String>,
}

impl<R> Default for Probe<R> {
    fn default() -> Self {
        Probe {
            results: Vec::new(),
            errors: Vec::new(),
        }
    }
}
