"""shogi_kit against cshogi 1.1.0 on the positions of generated games: HCP bytes, legal move
sets, check, HCPE arrays in both directions, and records written by us read by cshogi."""

import cshogi
import cshogi.CSA
import cshogi.KIF
import numpy as np

import shogi_kit as sk


def board_of(pos):
    return cshogi.Board(pos.sfen())


def test_thousands_of_positions(positions):
    assert len(positions) >= 3000


def test_legal_moves_hcp_and_check_equal_cshogi(positions):
    hcp = np.zeros(1, dtype=cshogi.HuffmanCodedPos)
    for pos in positions:
        board = board_of(pos)
        ours = {m.usi for m in pos.legal_moves()}
        theirs = {cshogi.move_to_usi(m) for m in board.legal_moves}
        assert ours == theirs, pos.sfen()
        assert {int(c) for c in pos.legal_moves_array()} == {cshogi.move16(m) for m in board.legal_moves}
        assert pos.is_check() == bool(board.is_check()), pos.sfen()
        board.to_hcp(hcp)
        assert bytes(pos.to_hcp()) == hcp.tobytes(), pos.sfen()
        assert pos.to_hcp_bytes() == hcp.tobytes()


def test_from_hcp_reads_cshogi_hcp(positions):
    hcp = np.zeros(1, dtype=cshogi.HuffmanCodedPos)
    for pos in positions[::7]:
        board = board_of(pos)
        board.to_hcp(hcp)
        back = sk.Position.from_hcp(hcp)
        assert back == pos
        assert back.sfen().rsplit(" ", 1)[0] == pos.sfen().rsplit(" ", 1)[0]


def test_packed_sfen_equals_cshogi(positions):
    psfen = np.zeros(1, dtype=cshogi.PackedSfen)
    for pos in positions[::5]:
        board_of(pos).to_psfen(psfen)
        assert bytes(pos.to_packed_sfen()) == psfen.tobytes()
        assert sk.Position.from_packed_sfen(psfen) == pos


def test_hcpe_written_by_us_reads_in_cshogi(games):
    positions, moves, results = [], [], []
    for game in games:
        pos = game.initial_position
        code = game.outcome.result_code
        for mv in game.moves:
            if pos.side_to_move == "white" and pos.move_number == 1:
                pass
            positions.append(pos.copy())
            moves.append(mv)
            results.append(code)
            pos.play(mv)
    array = sk.encode_hcpe(positions, moves, results)
    assert array.dtype == cshogi.HuffmanCodedPosAndEval
    board = cshogi.Board()
    for entry, pos, mv, result in zip(array, positions, moves, results):
        board.set_hcp(np.asarray(entry["hcp"]))
        assert board.sfen().rsplit(" ", 1)[0] == pos.sfen().rsplit(" ", 1)[0]
        assert cshogi.move_to_usi(board.move_from_move16(int(entry["bestMove16"]))) == mv.usi
        assert int(entry["gameResult"]) == result


def test_hcpe_written_by_cshogi_reads_in_ours(games):
    rows = []
    for game in games[:20]:
        board = cshogi.Board(game.initial_position.sfen())
        for mv in game.moves:
            m = board.move_from_usi(mv.usi)
            rows.append((board.sfen(), m))
            board.push(m)
    array = np.zeros(len(rows), dtype=cshogi.HuffmanCodedPosAndEval)
    for i, (sfen, m) in enumerate(rows):
        board = cshogi.Board(sfen)
        board.to_hcp(array[i:i + 1]["hcp"])
        array[i]["eval"] = i % 300 - 150
        array[i]["bestMove16"] = cshogi.move16(m)
        array[i]["gameResult"] = i % 3
    positions, moves, evals, results = sk.decode_hcpe(array)
    assert len(positions) == len(rows)
    for (sfen, m), pos, mv in zip(rows, positions, moves):
        assert pos.sfen().rsplit(" ", 1)[0] == sfen.rsplit(" ", 1)[0]
        assert mv.usi == cshogi.move_to_usi(m)
    assert list(evals) == [i % 300 - 150 for i in range(len(rows))]
    assert list(results) == [i % 3 for i in range(len(rows))]
    # The same array written back by us is byte for byte cshogi's.
    again = sk.encode_hcpe(positions, moves, results, evals)
    assert again.tobytes() == array.tobytes()


def test_psv_round_trip_with_cshogi(games):
    game = games[3]
    positions, moves = [], []
    pos = game.initial_position
    for mv in game.moves:
        positions.append(pos.copy())
        moves.append(mv)
        pos.play(mv)
    results = [1 if i % 2 == 0 else -1 for i in range(len(moves))]
    array = sk.encode_psv(positions, moves, results)
    assert array.dtype == cshogi.PackedSfenValue
    board = cshogi.Board()
    for entry, pos, mv in zip(array, positions, moves):
        board.set_psfen(np.asarray(entry["sfen"]))
        assert board.sfen().rsplit(" ", 1)[0] == pos.sfen().rsplit(" ", 1)[0]
        assert cshogi.move_to_usi(board.move_from_psv(int(entry["move"]))) == mv.usi
        assert int(entry["gamePly"]) == pos.move_number
    back, back_moves, _, back_results = sk.decode_psv(array)
    assert back == positions and back_moves == moves and list(back_results) == results


def cshogi_winner(win):
    return {cshogi.BLACK_WIN: "black", cshogi.WHITE_WIN: "white"}.get(win)


def test_csa_written_by_us_reads_in_cshogi(games):
    checked = 0
    for game in games:
        record = sk.Record.from_game(game)
        parser = cshogi.CSA.Parser.parse_str(record.to_csa())[0]
        assert [cshogi.move_to_usi(m) for m in parser.moves] == [m.usi for m in game.moves]
        assert parser.sfen.rsplit(" ", 1)[0] == game.initial_position.sfen().rsplit(" ", 1)[0]
        if game.outcome.reason == "resignation":
            assert cshogi_winner(parser.win) == game.outcome.winner
            checked += 1
    assert checked > 10


def test_kif_written_by_us_reads_in_cshogi(games, tmp_path):
    for i, game in enumerate(games[:30]):
        path = tmp_path / f"{i}.kifu"
        path.write_text(sk.Record.from_game(game).to_kif(), encoding="utf-8")
        parser = cshogi.KIF.Parser.parse_file(str(path))
        assert [cshogi.move_to_usi(m) for m in parser.moves] == [m.usi for m in game.moves]
        if game.outcome.reason == "resignation":
            assert cshogi_winner(parser.win) == game.outcome.winner


def test_records_to_hcpe_loads_in_cshogi(record_dir):
    array = sk.records_to_hcpe(record_dir, threads=2)
    assert array.dtype == cshogi.HuffmanCodedPosAndEval
    assert len(array) > 1000
    board = cshogi.Board()
    for entry in array[::11]:
        board.set_hcp(np.asarray(entry["hcp"]))
        mv = board.move_from_move16(int(entry["bestMove16"]))
        assert board.is_legal(mv)
        assert int(entry["gameResult"]) in (0, 1, 2)
