//! The check behind `usi_message_parse`: USI messages in both directions.

use shogi_usi::{EngineMessage, GuiCommand};

/// Reads every line of the input as a GUI command and as an engine message, strictly and
/// leniently. Contract: no panic; a strict read writes to a line that reads strictly to the
/// same value; a lenient read writes to a line that reads leniently to the same value.
pub fn check_usi_message_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.split('\n') {
        check_line(line);
    }
}

fn check_line(line: &str) {
    if let Ok(cmd) = line.parse::<GuiCommand>() {
        let written = cmd.to_string();
        assert_eq!(
            written.parse::<GuiCommand>().as_ref(),
            Ok(&cmd),
            "strict gui command {line:?} writes {written:?}, which does not read back"
        );
        assert_eq!(
            GuiCommand::parse_lenient(line).as_ref(),
            Ok(&cmd),
            "strict and lenient differ on {line:?}"
        );
    }
    if let Ok(cmd) = GuiCommand::parse_lenient(line) {
        let written = cmd.to_string();
        assert_eq!(
            GuiCommand::parse_lenient(&written).as_ref(),
            Ok(&cmd),
            "lenient gui command {line:?} writes {written:?}, which does not read back"
        );
    }
    if let Ok(msg) = line.parse::<EngineMessage>() {
        let written = msg.to_string();
        assert_eq!(
            written.parse::<EngineMessage>().as_ref(),
            Ok(&msg),
            "strict engine message {line:?} writes {written:?}, which does not read back"
        );
        assert_eq!(
            EngineMessage::parse_lenient(line).as_ref(),
            Ok(&msg),
            "strict and lenient differ on {line:?}"
        );
    }
    if let Ok(msg) = EngineMessage::parse_lenient(line) {
        let written = msg.to_string();
        assert_eq!(
            EngineMessage::parse_lenient(&written).as_ref(),
            Ok(&msg),
            "lenient engine message {line:?} writes {written:?}, which does not read back"
        );
    }
}
