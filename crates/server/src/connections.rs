//! Open connections (sockets) per address, at most a cap each: a count,
//! not a rate, so no governor limiter.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Counts open connections per address, at most `max` each.
#[derive(Debug)]
pub struct ConnectionCounter {
    max: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open connection, counted until dropped.
#[derive(Debug)]
pub struct ConnectionGuard {
    addr: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl ConnectionCounter {
    /// At most `max` connections per address.
    pub fn new(max: usize) -> Self {
        ConnectionCounter {
            max,
            open: Arc::default(),
        }
    }

    /// Counts a new connection from `addr`, unless it has `max` already.
    pub fn open(&self, addr: IpAddr) -> Option<ConnectionGuard> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let n = open.entry(addr).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(ConnectionGuard {
            addr,
            open: self.open.clone(),
        })
    }
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.addr) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.addr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_counted_per_address_until_dropped() {
        let counter = ConnectionCounter::new(2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = counter.open(a).unwrap();
        let _second = counter.open(a).unwrap();
        assert!(counter.open(a).is_none());
        assert!(counter.open(b).is_some());
        drop(first);
        assert!(counter.open(a).is_some());
        assert!(
            counter.open.lock().unwrap().get(&b).is_none(),
            "b is forgotten"
        );
    }
}
