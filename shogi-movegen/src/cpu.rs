//! Run-time choice of instruction sets: every CPU token of the crate.
//!
//! Portable x86-64 builds may assume only SSE2, so the hot loops are compiled a second time
//! with more instructions enabled and chosen at run time when the CPU has them: the bulk
//! counting of `perft` and `count_legal_moves` with `popcnt`, `lzcnt` and BMI1
//! ([`FastBitOps`]), and the packed-position decoders with AVX2 ([`Avx2`]) or AVX-512
//! ([`Avx512`]).
//!
//! Soundness is enforced by types, not by convention. Each token is a zero-size proof that
//! the CPU has its features: its field is private to this module, and `detect`, which asks
//! the CPU, is its only maker. A function compiled with the features is declared with the
//! token's macro (`fast_bit_ops_fn!`, `avx2_fn!`, `avx512_fn!`), which puts the same features
//! on it as `detect` asks for: both come from the one list of features written in
//! `tokens!`. Such a function is called (with `unsafe`) only by code that holds the token.
//! Without `std` or off x86-64 the tokens are uninhabited: `detect` always returns `None`,
//! and the fast branch of every caller is removed at compile time.

/// Defines CPU tokens. For each, from one list of features: the zero-size token type (its
/// docs given with it), `detect` (asks the CPU for every feature, and the extra test after
/// `and` if any, once, then remembers the answer), and a macro named after `fn` that wraps a
/// function item with a `#[target_feature(enable = ...)]` attribute for each feature.
///
/// The first token of the input is a `$`, passed through to the macros it defines.
macro_rules! tokens {
    ($d:tt $(
        $(#[doc = $doc:literal])*
        $(#[cfg($cfg:meta)])?
        $token:ident, fn $with:ident: [$($feature:tt),+ $(,)?] $(and $extra:path)?;
    )+) => {$(
        $(#[doc = $doc])*
        ///
        /// Zero-size and `Copy`. Its field is private to this module and `detect` is its only
        /// maker, so holding one means the detection succeeded. Without `std` or off x86-64
        /// the type is uninhabited.
        $(#[cfg($cfg)])?
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $token(imp::Proof);

        $(#[cfg($cfg)])?
        impl $token {
            /// The token, if the CPU has the features (asked once, then remembered); always
            /// `None` without `std` or off x86-64.
            #[inline(always)]
            pub(crate) fn detect() -> Option<$token> {
                #[cfg(all(feature = "std", target_arch = "x86_64"))]
                {
                    use core::sync::atomic::{AtomicU8, Ordering};

                    /// The answer: 0 not asked yet, 1 no, 2 yes.
                    static DETECTED: AtomicU8 = AtomicU8::new(0);

                    /// Asks the CPU, and remembers the answer.
                    #[cold]
                    #[inline(never)]
                    fn ask() -> bool {
                        let found = $(std::is_x86_feature_detected!($feature))&&+
                            $(&& $extra())?;
                        DETECTED.store(1 + u8::from(found), Ordering::Relaxed);
                        found
                    }

                    let found = match DETECTED.load(Ordering::Relaxed) {
                        0 => ask(),
                        known => known == 2,
                    };
                    found.then_some($token(imp::Proof(())))
                }
                #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
                {
                    None
                }
            }

            /// Where no token can exist, a token proves anything: the body of the stubs that
            /// take one.
            #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
            #[allow(dead_code)]
            #[inline(always)]
            pub(crate) fn unavailable(self) -> ! {
                match self.0 {}
            }
        }

        $(#[cfg($cfg)])?
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        #[allow(unused_macros)]
        macro_rules! $with {
            ($d($d item:tt)*) => {
                $(#[target_feature(enable = $feature)])+
                $d($d item)*
            };
        }
        $(#[cfg($cfg)])?
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        #[allow(unused_imports)]
        pub(crate) use $with;
    )+};
}

tokens! {$
    /// Proof that the CPU has `popcnt`, `lzcnt` and BMI1 (every x86-64 CPU made since about
    /// 2013): the build of the bulk counting loops ([`FastBitOps::run`]).
    FastBitOps, fn fast_bit_ops_fn: ["popcnt", "lzcnt", "bmi1"];

    /// Proof that the CPU has AVX2, BMI1, BMI2 and POPCNT and a fast `pdep` (not the
    /// microcoded one of AMD's processors before Zen 3): Haswell, Zen 3 and later. The AVX2
    /// packed-position decoder.
    #[cfg(feature = "packed")]
    Avx2, fn avx2_fn: ["avx2", "bmi1", "bmi2", "popcnt"] and fast_pdep;

    /// Proof that the CPU has AVX-512 F, BW, VL, VBMI, VBMI2 and VPOPCNTDQ, GFNI, POPCNT,
    /// BMI1 and BMI2: Ice Lake, Zen 4 and later. The AVX-512 packed-position decoder.
    #[cfg(feature = "packed")]
    Avx512, fn avx512_fn: [
        "avx512f",
        "avx512bw",
        "avx512vl",
        "avx512vbmi",
        "avx512vbmi2",
        "avx512vpopcntdq",
        "gfni",
        "popcnt",
        "bmi1",
        "bmi2",
    ];
}

/// Whether `pdep` is fast: not microcoded, as it is on AMD family 0x17 and before (Zen 2 and
/// older, where it takes tens of cycles instead of three).
#[cfg(all(feature = "packed", feature = "std", target_arch = "x86_64"))]
fn fast_pdep() -> bool {
    use core::arch::x86_64::__cpuid;
    // SAFETY: `cpuid` exists on every x86-64 processor.
    #[allow(unsafe_code, unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
    // "AuthenticAMD" in EBX, EDX, ECX.
    let amd = vendor.ebx == 0x6874_7541 && vendor.edx == 0x6974_6e65 && vendor.ecx == 0x444d_4163;
    let family = (signature.eax >> 8 & 0xf) + (signature.eax >> 20 & 0xff);
    !(amd && family < 0x19)
}

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
    /// Runs `kernel` in the build compiled with `popcnt`, `lzcnt` and BMI1.
    #[inline(always)]
    pub(crate) fn run<K: Kernel>(self, kernel: K) -> K::Output {
        imp::run(self, kernel)
    }
}

/// x86-64 with `std`: the tokens can be made, and kernels run in their build.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod imp {
    use super::{FastBitOps, Kernel};

    /// The private part of every token; only `detect` makes one.
    #[derive(Clone, Copy, Debug)]
    pub(super) struct Proof(pub(super) ());

    /// Runs `kernel`, compiled with the instructions.
    #[inline(always)]
    pub(super) fn run<K: Kernel>(fast: FastBitOps, kernel: K) -> K::Output {
        // SAFETY: `fast` exists, and a `FastBitOps` is only made by `detect`, after the CPU
        // reported every feature of `fast_bit_ops_fn!`, the features of `with_fast_bit_ops`.
        #[allow(unsafe_code)]
        unsafe {
            with_fast_bit_ops(fast, kernel)
        }
    }

    fast_bit_ops_fn! {
        /// The one function compiled with the instructions; `kernel.run` is inlined into it.
        fn with_fast_bit_ops<K: Kernel>(fast: FastBitOps, kernel: K) -> K::Output {
            kernel.run(fast)
        }
    }
}

/// Without `std` or off x86-64: no detection, so no token can exist.
#[cfg(not(all(feature = "std", target_arch = "x86_64")))]
mod imp {
    use super::{FastBitOps, Kernel};

    /// Uninhabited: there is no token on this target.
    #[derive(Clone, Copy, Debug)]
    pub(super) enum Proof {}

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
    fn tokens_are_zero_size() {
        assert_eq!(core::mem::size_of::<FastBitOps>(), 0);
        #[cfg(feature = "packed")]
        {
            assert_eq!(core::mem::size_of::<super::Avx2>(), 0);
            assert_eq!(core::mem::size_of::<super::Avx512>(), 0);
        }
    }

    #[test]
    fn run_returns_the_kernel_result() {
        if let Some(fast) = FastBitOps::detect() {
            assert_eq!(fast.run(Double(21)), 42);
        }
    }

    /// The remembered answer is the first one, and a processor with AVX-512 (whose
    /// features include BMI1 and POPCNT) has the fast bit instructions too.
    #[cfg(feature = "packed")]
    #[test]
    fn detection_is_remembered() {
        use super::{Avx2, Avx512};
        assert_eq!(Avx512::detect().is_some(), Avx512::detect().is_some());
        assert_eq!(Avx2::detect().is_some(), Avx2::detect().is_some());
        if Avx512::detect().is_some() {
            assert!(FastBitOps::detect().is_some());
        }
    }
}
