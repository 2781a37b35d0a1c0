//! Build script shared by the function crates: link each bootstrap as a position-dependent
//! executable on Linux. A position-independent one carries a relocation for every pointer
//! in its data, applied at each start: about 0.9 MB of the sampler's bootstrap (measured).
//! The price: the bootstrap's own code loads at a fixed address (its libraries, stack and
//! heap are still placed at random), which matters less for safe Rust than for C.

fn main() {
    println!("cargo::rerun-if-changed=../link-args.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo::rustc-link-arg-bins=-no-pie");
        // One symbol hash table, the GNU one every loader since 2006 reads, not both.
        println!("cargo::rustc-link-arg-bins=-Wl,--hash-style=gnu");
    }
}
