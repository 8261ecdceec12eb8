//! Benchmark skeleton (`cargo bench --bench timing`): prints figures, asserts nothing.

fn main() {
    println!("timing benchmark: not written yet");
}
