//! KI2 records (stub, being written).

use crate::record::{Record, RecordError, RecordErrorKind};

/// Reads a KI2 record.
///
/// # Errors
/// Always, for now.
pub fn read(text: &str) -> Result<Record, RecordError> {
    let _ = text;
    Err(RecordError::new(
        0,
        RecordErrorKind::UnknownFormat,
        Record::standard(),
    ))
}

/// Writes a KI2 record (stub).
#[must_use]
pub fn write(record: &Record) -> String {
    let _ = record;
    String::new()
}
