//! The cores shared by work running side by side (several solutions judged at once): a run
//! next to others takes one slot, a run that must be alone takes them all, so the timing
//! policy holds across test sets and not only within one.
//!
//! A run that waits to be alone goes first: while one waits, no new run takes a slot, so a
//! stream of small runs cannot keep a max test waiting forever.

use std::sync::{Condvar, Mutex, MutexGuard};

/// Slots for `capacity` runs at a time.
#[derive(Debug)]
pub struct Gate {
    capacity: usize,
    state: Mutex<State>,
    freed: Condvar,
}

#[derive(Debug, Default)]
struct State {
    used: usize,
    alone_waiting: usize,
}

/// A held slot (or all of them); released when dropped.
pub struct Permit<'a> {
    gate: &'a Gate,
    slots: usize,
}

impl Gate {
    /// A gate for `capacity` runs at a time (at least 1).
    pub fn new(capacity: usize) -> Gate {
        Gate {
            capacity: capacity.max(1),
            state: Mutex::new(State::default()),
            freed: Condvar::new(),
        }
    }

    /// One slot, for a run (or a build) that may have neighbours.
    pub fn shared(&self) -> Permit<'_> {
        let mut state = self.lock();
        while state.used >= self.capacity || state.alone_waiting > 0 {
            state = self.wait(state);
        }
        state.used += 1;
        Permit {
            gate: self,
            slots: 1,
        }
    }

    /// Every slot, for a run that must have no neighbours.
    pub fn alone(&self) -> Permit<'_> {
        let mut state = self.lock();
        state.alone_waiting += 1;
        while state.used > 0 {
            state = self.wait(state);
        }
        state.alone_waiting -= 1;
        state.used = self.capacity;
        Permit {
            gate: self,
            slots: self.capacity,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(&self, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.freed.wait(state).unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let mut state = self.gate.lock();
        state.used -= self.slots;
        drop(state);
        self.gate.freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn an_alone_run_never_has_neighbours_and_shared_runs_fill_the_slots() {
        let gate = Gate::new(2);
        let running = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let alone_saw_others = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for t in 0..6 {
                let (gate, running, most, alone_saw_others) =
                    (&gate, &running, &most, &alone_saw_others);
                scope.spawn(move || {
                    for _ in 0..20 {
                        let alone = t == 0;
                        let _permit = if alone { gate.alone() } else { gate.shared() };
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        if alone && now != 1 {
                            alone_saw_others.fetch_add(1, Ordering::SeqCst);
                        }
                        std::thread::yield_now();
                        running.fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
        });
        assert_eq!(alone_saw_others.load(Ordering::SeqCst), 0);
        assert!(most.load(Ordering::SeqCst) <= 2);
    }
}
