//! Benchmark skeleton (`cargo bench --bench stress`): prints figures, asserts nothing.

fn main() {
    println!("stress benchmark: not written yet");
}
