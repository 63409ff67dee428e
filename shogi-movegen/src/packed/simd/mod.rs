//! The vector decoders of HCP and PackedSfen, chosen at run time by [`crate::cpu`]'s tokens:
//! [`avx512`] where the processor has AVX-512 (VBMI2, VPOPCNTDQ) and GFNI, else [`avx2`]
//! where it has AVX2 and a fast BMI2. Both give the walk's result, field for field. Without
//! `std` or off x86-64 the two modules are stubs that no token can reach (`none.rs`).

#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod automaton;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
pub(super) mod avx2;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
pub(super) mod avx512;

#[cfg(not(all(feature = "std", target_arch = "x86_64")))]
mod none;
#[cfg(not(all(feature = "std", target_arch = "x86_64")))]
pub(super) use none::{avx2, avx512};
