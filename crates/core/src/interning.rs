//! Process-wide tables that grow with what callers bring (Linear Pursuit's
//! custom boards, leaked once each and never freed): whether the caller on
//! this thread lets them grow, and whether an addition was refused. A
//! server runs a visitor's request with additions refused first, and
//! charges the visitor's quota only when the request needs a new entry
//! (then runs it again with additions allowed). Everything else (the
//! command line, tests, games loaded from storage) may add freely.

use std::cell::Cell;

thread_local! {
    static ALLOWED: Cell<bool> = const { Cell::new(true) };
    static REFUSED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with new entries `allowed` or not on this thread; its result,
/// and whether a new entry was refused while it ran.
pub fn with_new_entries<R>(allowed: bool, f: impl FnOnce() -> R) -> (R, bool) {
    let before = (ALLOWED.get(), REFUSED.get());
    ALLOWED.set(allowed);
    REFUSED.set(false);
    let result = f();
    let refused = REFUSED.get();
    ALLOWED.set(before.0);
    REFUSED.set(before.1);
    (result, refused)
}

/// Whether a table may add a new entry now; a `false` is remembered as
/// refused (see [`with_new_entries`]).
pub fn may_add() -> bool {
    let allowed = ALLOWED.get();
    if !allowed {
        REFUSED.set(true);
    }
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn additions_are_allowed_unless_the_caller_refuses_them() {
        assert!(may_add());
        let (inner, refused) = with_new_entries(false, may_add);
        assert!(!inner && refused);
        let (inner, refused) = with_new_entries(true, may_add);
        assert!(inner && !refused);
        assert!(may_add(), "the setting ends with the call");
    }
}
