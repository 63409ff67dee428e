//! Helpers for the `serde` feature.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

/// A visitor that reads a value from its text form with `FromStr`.
pub(crate) struct FromStrVisitor<T> {
    expecting: &'static str,
    _marker: PhantomData<T>,
}

impl<T> FromStrVisitor<T> {
    pub(crate) fn new(expecting: &'static str) -> Self {
        FromStrVisitor {
            expecting,
            _marker: PhantomData,
        }
    }
}

impl<T: FromStr> serde::de::Visitor<'_> for FromStrVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}
