//! Run-time choice of the bit-manipulation instructions for the hot counting loops.
//!
//! Portable x86-64 builds may not assume `popcnt`, `lzcnt` or `tzcnt` (BMI1), so counting and
//! scanning the bits of a bitboard take many instructions. Every x86-64 CPU made since about
//! 2013 has them; the bulk counting paths (`perft`, `count_legal_moves`) are compiled a second
//! time with these features enabled and chosen at run time when the CPU has them.
//!
//! Soundness is enforced by types, not by convention: the build with these instructions is
//! entered only through [`FastBitOps::run`], which needs a [`FastBitOps`] token, and the only
//! way to get a token is [`FastBitOps::detect`], which asks the CPU. The target-dependent code
//! (the `cfg`, the `#[target_feature]` function and the one `unsafe` call) is all in the two
//! arms of the private `imp` module below; callers have no `cfg` and no `unsafe`.

/// Proof that the CPU running this program has `popcnt`, `lzcnt` and BMI1.
///
/// Zero-size and `Copy`. Its field is private to this module and [`FastBitOps::detect`] is its
/// only constructor, so holding one means the detection succeeded. Where the instructions
/// cannot be used (without `std`, or off x86-64) the type is uninhabited: `detect` always
/// returns `None` and the fast branch of every caller is removed at compile time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FastBitOps(imp::Proof);

/// Work that can run in the build compiled with the fast bit instructions.
///
/// Implement `run` with `#[inline(always)]`, so that its body (and what it inlines) is compiled
/// into the build with the instructions instead of being called from it.
pub(crate) trait Kernel {
    /// What the work returns.
    type Output;
    /// Does the work. `fast` is the token that let it run, to pass on to recursive calls so
    /// that they stay in the same build.
    fn run(self, fast: FastBitOps) -> Self::Output;
}

impl FastBitOps {
    /// The token, if the CPU has `popcnt`, `lzcnt` and BMI1 (checked by std, which caches the
    /// answer); always `None` without `std` or off x86-64.
    #[inline]
    pub(crate) fn detect() -> Option<Self> {
        imp::detect().map(Self)
    }

    /// Runs `kernel` in the build compiled with `popcnt`, `lzcnt` and BMI1.
    #[inline(always)]
    pub(crate) fn run<K: Kernel>(self, kernel: K) -> K::Output {
        imp::run(self, kernel)
    }
}

/// x86-64 with `std`: run-time detection and a build with the instructions.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod imp {
    use super::{FastBitOps, Kernel};

    /// The private part of the token; only [`detect`] makes one.
    #[derive(Clone, Copy, Debug)]
    pub(super) struct Proof(());

    /// `Some` if the CPU has the three instructions.
    #[inline]
    pub(super) fn detect() -> Option<Proof> {
        let found = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1");
        found.then_some(Proof(()))
    }

    /// Runs `kernel`, compiled with the instructions.
    #[inline(always)]
    pub(super) fn run<K: Kernel>(fast: FastBitOps, kernel: K) -> K::Output {
        // SAFETY: `fast` exists, and a `FastBitOps` is only made by `detect`, after the CPU
        // reported popcnt, lzcnt and BMI1: the features `with_fast_bit_ops` enables.
        #[allow(unsafe_code)]
        unsafe {
            with_fast_bit_ops(fast, kernel)
        }
    }

    /// The one function compiled with the instructions; `kernel.run` is inlined into it.
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    fn with_fast_bit_ops<K: Kernel>(fast: FastBitOps, kernel: K) -> K::Output {
        kernel.run(fast)
    }
}

/// Without `std` or off x86-64: no detection, so no token can exist.
#[cfg(not(all(feature = "std", target_arch = "x86_64")))]
mod imp {
    use super::{FastBitOps, Kernel};

    /// Uninhabited: there is no token on this target.
    #[derive(Clone, Copy, Debug)]
    pub(super) enum Proof {}

    /// Always `None`.
    #[inline(always)]
    pub(super) fn detect() -> Option<Proof> {
        None
    }

    /// Never called, since `fast` cannot exist here; the plain call keeps the kernels in use.
    #[inline(always)]
    pub(super) fn run<K: Kernel>(fast: FastBitOps, kernel: K) -> K::Output {
        kernel.run(fast)
    }
}

#[cfg(test)]
mod tests {
    use super::{FastBitOps, Kernel};

    struct Double(u64);

    impl Kernel for Double {
        type Output = u64;
        #[inline(always)]
        fn run(self, _: FastBitOps) -> u64 {
            self.0 * 2
        }
    }

    #[test]
    fn token_is_zero_size() {
        assert_eq!(core::mem::size_of::<FastBitOps>(), 0);
    }

    #[test]
    fn run_returns_the_kernel_result() {
        if let Some(fast) = FastBitOps::detect() {
            assert_eq!(fast.run(Double(21)), 42);
        }
    }
}
