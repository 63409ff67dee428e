//! SFEN, the one-line position format of the USI protocol: the text form of
//! [`Setup`](shogi_types::Setup), which reads it with `FromStr` and writes it with `Display`.
//!
//! The reader and writer live in `shogi-types` ([`shogi_types::sfen`]), so that a program that
//! needs only positions and SFEN depends on `shogi-types` and `shogi-movegen` alone. This module
//! re-exports them under their old paths; [`Sfen`] is [`Setup`](shogi_types::Setup) under its
//! old name. The `!` mark after a piece (`S!`) is the protection mark of
//! [`Setup::protected`](shogi_types::Setup::protected), read and written for any piece; the
//! rules decide whether a marked piece is allowed
//! ([`Fault::BadProtection`](shogi_movegen::Fault::BadProtection)).
//!
//! ```
//! use shogi_notation::sfen::Sfen;
//! use shogi_types::{Color, PieceKind};
//!
//! let sfen: Sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2".parse()?;
//! assert_eq!(sfen.side_to_move, Color::White);
//! assert_eq!(sfen.move_number.get(), 2);
//! assert!(sfen.hands.black.count(PieceKind::Pawn) == 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use shogi_types::Setup as Sfen;
pub use shogi_types::sfen::{ParseSfenError, SfenField};
