//! Large generated records of one shape, for the tests that reading costs the same per byte at
//! any size (`tests/scaling.rs`) and for the `scaling` example, which includes this file.

use std::fmt::Write as _;

/// A shape of large record; `n` counts its blocks, forks, moves or games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A two-move KIF main line, then `n` blocks `変化：2手`, each replacing move 2.
    KifSiblings,
    /// The same in KI2.
    Ki2Siblings,
    /// A KIF main line of `n` moves, then one variation block per move, from the last move back
    /// to the first (the order Kifu for Windows writes a tree in).
    KifBackwards,
    /// The same in KI2.
    Ki2Backwards,
    /// A KIF main line of `n` moves and no variation.
    KifMoves,
    /// A JKF record whose move 2 holds `n` forks.
    JkfForks,
    /// `n` short CSA games (three moves and `%TORYO`) separated by `/` lines.
    CsaGames,
    /// `n` one-move CSA games that White resigns (`+7776FU`, `%TORYO`, then `/`: 17 bytes a
    /// game).
    CsaShort,
    /// `n` USI `position` lines.
    UsiLines,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Shape; 9] = [
        Shape::KifSiblings,
        Shape::Ki2Siblings,
        Shape::KifBackwards,
        Shape::Ki2Backwards,
        Shape::KifMoves,
        Shape::JkfForks,
        Shape::CsaGames,
        Shape::CsaShort,
        Shape::UsiLines,
    ];

    /// The name of the shape (`kif-siblings`, …).
    pub fn name(self) -> &'static str {
        match self {
            Shape::KifSiblings => "kif-siblings",
            Shape::Ki2Siblings => "ki2-siblings",
            Shape::KifBackwards => "kif-backwards",
            Shape::Ki2Backwards => "ki2-backwards",
            Shape::KifMoves => "kif-moves",
            Shape::JkfForks => "jkf-forks",
            Shape::CsaGames => "csa-games",
            Shape::CsaShort => "csa-short",
            Shape::UsiLines => "usi-lines",
        }
    }
}

/// Black's and White's rook moves that go back and forth forever: KIF, KI2.
const SHUFFLE: [(&str, &str); 4] = [
    ("３八飛(28)", "▲３八飛"),
    ("７二飛(82)", "△７二飛"),
    ("２八飛(38)", "▲２八飛"),
    ("８二飛(72)", "△８二飛"),
];

/// A move that is legal at every ply of the shuffle, for the side to move at `ply`: KIF, KI2.
fn alternative(ply: usize) -> (&'static str, &'static str) {
    if ply % 2 == 1 {
        ("１六歩(17)", "▲１六歩")
    } else {
        ("９四歩(93)", "△９四歩")
    }
}

/// A JKF move object.
fn jkf_move(from: (u8, u8), to: (u8, u8), color: u8, piece: &str) -> String {
    format!(
        r#"{{"from":{{"x":{},"y":{}}},"to":{{"x":{},"y":{}}},"color":{color},"piece":"{piece}"}}"#,
        from.0, from.1, to.0, to.1
    )
}

/// The text of a record of `shape` with `n` blocks.
pub fn generate(shape: Shape, n: usize) -> String {
    let mut s = String::new();
    let kif = matches!(
        shape,
        Shape::KifSiblings | Shape::KifBackwards | Shape::KifMoves
    );
    match shape {
        Shape::KifSiblings | Shape::Ki2Siblings => {
            s.push_str("手合割：平手\n");
            s.push_str(if kif {
                "   1 ７六歩(77)\n   2 ３四歩(33)\n"
            } else {
                "▲７六歩    △３四歩\n"
            });
            for _ in 0..n {
                s.push_str(if kif {
                    "\n変化：2手\n   2 ８四歩(83)   ( 0:01/00:00:01)\n"
                } else {
                    "\n変化：2手\n△８四歩\n"
                });
            }
        }
        Shape::KifBackwards | Shape::Ki2Backwards | Shape::KifMoves => {
            s.push_str("手合割：平手\n");
            for ply in 1..=n {
                let (k, j) = SHUFFLE[(ply - 1) % 4];
                if kif {
                    let _ = writeln!(s, "{ply:>4} {k}   ( 0:01/00:00:01)");
                } else {
                    let _ = writeln!(s, "{j}");
                }
            }
            if shape != Shape::KifMoves {
                for ply in (1..=n).rev() {
                    let (k, j) = alternative(ply);
                    if kif {
                        let _ = writeln!(s, "\n変化：{ply}手\n{ply:>4} {k}");
                    } else {
                        let _ = writeln!(s, "\n変化：{ply}手\n{j}");
                    }
                }
            }
        }
        Shape::JkfForks => {
            let _ = write!(
                s,
                r#"{{"header":{{}},"moves":[{{}},{{"move":{}}},{{"move":{},"forks":["#,
                jkf_move((7, 7), (7, 6), 0, "FU"),
                jkf_move((3, 3), (3, 4), 1, "FU")
            );
            let fork = jkf_move((8, 3), (8, 4), 1, "FU");
            for i in 0..n {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, r#"[{{"move":{fork}}}]"#);
            }
            s.push_str("]}]}\n");
        }
        Shape::CsaGames => {
            s.push_str("V2.2\n");
            for i in 0..n {
                if i > 0 {
                    s.push_str("/\n");
                }
                s.push_str("N+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%TORYO\n");
            }
        }
        Shape::CsaShort => {
            for _ in 0..n {
                s.push_str("+7776FU\n%TORYO\n/\n");
            }
        }
        Shape::UsiLines => {
            for _ in 0..n {
                s.push_str("position startpos moves 7g7f 3c3d 2g2f\n");
            }
        }
    }
    s
}
