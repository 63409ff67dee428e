// The tests of the npm package, shared by Node (node.test.mjs, under `node --test`) and
// headless Chromium (browser.html, driven by browser.mjs).
//
// `define({ test, assert, lib, corpus, gc, platform })` registers every test: `test(name, fn)`
// (fn may be async), `assert` with equal/deepEqual/ok/throws (node:assert/strict's meaning),
// `lib` the package's module, `corpus` the answers of the Rust side (corpus.mjs), `gc` a
// function that runs the garbage collector (or undefined), `platform` 'node' or 'browser'.

/** The assertion that `fn` throws an `Error` whose message is exactly `message`. */
function throwsMessage(assert, fn, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error, `expected an Error, got ${typeof e}: ${e}`);
    assert.equal(e.message, message);
    return true;
  });
}

/** The assertion that `fn` throws an `Error` (any message). */
function throwsError(assert, fn) {
  assert.throws(fn, (e) => e instanceof Error && typeof e.message === 'string' && e.message.length > 0);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export function define({ test, assert, lib, corpus, gc, platform }) {
  const full = lib.features().includes('record');

  test('legalMoves equals `shogi legal` on the corpus', () => {
    assert.ok(corpus.legal.length > 300);
    let errors = 0;
    for (const { sfen, moves, error } of corpus.legal) {
      if (error !== undefined) {
        errors++;
        throwsMessage(assert, () => lib.legalMoves(sfen), error);
      } else {
        assert.equal(lib.legalMoves(sfen).join(' '), moves, sfen);
      }
    }
    assert.ok(errors >= 4, 'the corpus has bad lines');
  });

  test('Position.legalMovesSorted and moveDests agree with the corpus', () => {
    for (const { sfen, moves } of corpus.legal.slice(0, 200)) {
      if (moves === undefined || sfen === '') continue;
      let pos;
      try {
        pos = new lib.Position(sfen, { lenient: true });
      } catch {
        continue; // a soft fault of another kind: legalMoves covers it
      }
      assert.equal(pos.legalMovesSorted().join(' '), moves, sfen);
      assert.equal(pos.countLegalMoves(), moves === '' ? 0 : moves.split(' ').length);
      const dests = pos.moveDests();
      const fromDests = new Set();
      for (const [from, tos] of Object.entries(dests)) {
        for (const to of tos) fromDests.add(`${from}${to}`);
      }
      const expected = new Set(moves === '' ? [] : moves.split(' ').map((m) => m.replace('+', '')));
      assert.deepEqual([...fromDests].sort(), [...expected].sort(), sfen);
      pos.free();
    }
  });

  test('perft equals `shogi perft`', () => {
    assert.ok(corpus.perft.length >= 50);
    for (const { sfen, depth, nodes } of corpus.perft) {
      assert.equal(lib.perft(sfen, depth), nodes, `${sfen} depth ${depth}`);
    }
    const start = new lib.Position();
    assert.equal(start.perft(3, true), 25470);
    assert.equal(start.perft(4), 719731);
    start.free();
  });

  test('adjudicate equals `shogi adjudicate` under every flag set', () => {
    let lines = 0;
    for (const { flags, results } of corpus.adjudicate) {
      for (const { line, out } of results) {
        lines++;
        if (out.startsWith('error: ')) {
          throwsMessage(assert, () => lib.adjudicate(line, flags), out.slice(7));
        } else {
          assert.equal(lib.adjudicate(line, flags), out, `${JSON.stringify(flags)} ${line}`);
        }
      }
    }
    assert.ok(lines > 500);
  });

  test('Game reaches the verdicts of `shogi adjudicate`', () => {
    // Every corpus line without an illegal move or a declaration, replayed move by move.
    for (const { flags, results } of corpus.adjudicate) {
      for (const { line, out } of results) {
        if (out.startsWith('error') || out.startsWith('illegal') || line.endsWith('declare')) continue;
        const m = /^(?:position )?(startpos|sfen (\S+ \S+ \S+ \S+))(?: moves (.*))?$/.exec(line.trim());
        if (!m) continue;
        const game = new lib.Game({ ...flags, start: m[1] === 'startpos' ? 'startpos' : m[2], lenient: true });
        for (const mv of (m[3] ?? '').split(' ').filter(Boolean)) game.play(mv);
        const outcome = game.outcome();
        assert.equal(outcome === null ? 'ongoing' : outcome.text, out, line);
        game.free();
      }
    }
  });

  test('bad options and bad input throw Errors with the library message', () => {
    throwsMessage(assert, () => lib.adjudicate('position startpos', { impasse: '28' }), 'unknown impasse rule "28"');
    throwsMessage(assert, () => lib.adjudicate('position startpos', { moveLimit: -1 }),
      'options.moveLimit: expected a whole number from 0 to 4294967295');
    throwsMessage(assert, () => lib.adjudicate('position startpos', 'x'), 'options: expected an object');
    assert.equal(lib.adjudicate('position startpos moves 7g7f'), 'ongoing');
    throwsError(assert, () => new lib.Position('lnsgkgsnl/1r5b1/ppppppppp b - 1'));
    // A hard fault: the message is the one `shogi legal` gives (it waives the soft faults,
    // as `lenient` does).
    const twoKings = corpus.legal.find((l) => l.sfen === '4k4/9/9/9/9/9/9/9/k3K4 b - 1');
    throwsMessage(assert, () => new lib.Position(twoKings.sfen, { lenient: true }), twoKings.error);
    throwsError(assert, () => new lib.Position(twoKings.sfen));
    // A soft fault (one king: a mate problem) is refused unless lenient.
    let oneKing = '';
    try {
      new lib.Position('4k4/9/9/9/9/9/9/9/9 b 16P 1');
    } catch (e) {
      oneKing = e.message;
    }
    assert.ok(/king/.test(oneKing), oneKing);
    const problem = new lib.Position('4k4/9/9/9/9/9/9/9/9 b 16P 1', { lenient: true });
    assert.equal(problem.countLegalMoves(), 72);
    problem.free();
    const pos = new lib.Position();
    throwsError(assert, () => pos.play('7g7e'));
    throwsError(assert, () => pos.play('banana'));
    throwsError(assert, () => pos.legalMovesFrom('0z'));
    throwsError(assert, () => pos.legalDrops('K'));
    throwsError(assert, () => pos.hand('red'));
    assert.equal(pos.sfen(), 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
    pos.free();
    const game = new lib.Game();
    throwsError(assert, () => game.undo());
    throwsError(assert, () => game.declare());
    throwsError(assert, () => game.offerDraw('black'));
    throwsMessage(assert, () => new lib.Game({ start: 'nonsense' }), (() => {
      try { lib.legalMoves('nonsense'); } catch (e) { return e.message; }
      return '';
    })());
    game.free();
  });

  test('positions: state, drops, promotion choices, the untakeable silver', () => {
    const pos = new lib.Position('4k4/2P6/9/9/9/9/9/9/4K1B2 b G 1');
    assert.equal(pos.promotionChoice('7b', '7a'), 'forced');
    assert.equal(pos.promotionChoice('3i', '4h'), 'never');
    assert.equal(pos.promotionChoice('3i', '3h'), undefined);
    assert.deepEqual(pos.hand('black'), { R: 0, B: 0, G: 1, S: 0, N: 0, L: 0, P: 0 });
    assert.equal(pos.legalDrops('G').length, 81 - 4);
    assert.deepEqual(pos.legalDrops('P'), []);
    assert.equal(pos.king('white'), '5a');
    assert.equal(pos.pieceAt('7b'), 'P');
    assert.equal(pos.pieceAt('5e'), undefined);
    assert.equal(pos.sideToMove(), 'black');
    pos.play('G*5b');
    assert.ok(pos.isCheck());
    assert.deepEqual(pos.checkers(), ['5b']);
    assert.equal(pos.sideToMove(), 'white');
    pos.free();
    const optional = new lib.Position('4k4/9/9/2P6/9/9/9/9/4K4 b - 1');
    assert.equal(optional.promotionChoice('7d', '7c'), 'optional');
    optional.free();
    const six = lib.setups().find((s) => s.english === 'Untakeable Silver (six-piece)');
    const silver = new lib.Position(six.english);
    assert.equal(silver.variant(), 'untakeable-silver');
    assert.equal(silver.sfen(), six.sfen);
    assert.ok(silver.protected().length > 0);
    assert.equal(silver.legalMovesSorted().join(' '), lib.legalMoves(six.sfen).join(' '));
    silver.free();
    const a = new lib.Position();
    const b = a.clone();
    b.play('7g7f');
    assert.ok(!a.equals(b));
    a.play('7g7f');
    assert.ok(a.equals(b));
    a.free();
    b.free();
  });

  test('games: handicaps, mate, sennichite, perpetual check, undo, previews', () => {
    const bishop = new lib.Game({ start: 'Bishop', impasse: '24', moveLimit: 400, limitCount: true, handicapCredit: true });
    assert.equal(bishop.sideToMove(), 'white');
    assert.equal(bishop.play('5a4b'), null);
    assert.equal(bishop.undo(), '5a4b');
    assert.deepEqual(bishop.moves(), []);
    const limit = bishop.moveLimitPreview();
    assert.equal(limit.limit, 400);
    assert.equal(limit.atLimit, 'count');
    assert.equal(limit.movesLeft, 400);
    const preview = bishop.declarationPreview();
    assert.deepEqual(preview.points.total, { black: 27, white: 22 });
    assert.equal(preview.verdict, null);
    assert.equal(typeof preview.refusal, 'string');
    bishop.free();

    const mate = new lib.Game({ start: '7lk/9/7GP/9/9/9/9/9/8K b - 1' });
    const outcome = mate.play('1c1b');
    assert.deepEqual(outcome, { text: 'win black checkmate', result: 'win', winner: 'black', reason: 'checkmate' });
    assert.ok(mate.isOver());
    assert.deepEqual(mate.legalMoves(), []);
    throwsError(assert, () => mate.play('9i9h'));
    assert.equal(mate.undo(), '1c1b');
    assert.equal(mate.outcome(), null);
    mate.free();

    const S0 = '9/9/6S1k/9/9/9/9/R8/4K4 b - 1';
    const cycle = ['3c2b', '1c2d', '2b3c', '2d1c'];
    const quiet = ['9h8h', '1c1d', '8h9h', '1d1c'];
    const perpetual = new lib.Game({ start: S0 });
    let last = null;
    for (const mv of [...cycle, ...cycle]) last = perpetual.play(mv);
    assert.equal(last, null);
    const rp = perpetual.repetitionPreview();
    assert.equal(rp.occurrences, 3);
    assert.ok(rp.nextEndsGame);
    assert.equal(rp.ifRepeated.text, 'win white perpetual-check');
    for (const mv of cycle) last = perpetual.play(mv);
    assert.equal(last.text, 'win white perpetual-check');
    perpetual.free();
    const draw = new lib.Game({ start: S0 });
    for (const mv of [...quiet, ...cycle, ...cycle]) last = draw.play(mv);
    assert.equal(last.text, 'draw repetition');
    assert.equal(draw.repetitions(), 4);
    draw.free();

    const declare = new lib.Game({ start: '+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1', impasse: '27' });
    const dp = declare.declarationPreview();
    assert.equal(dp.declarer, 'black');
    assert.equal(dp.points.declaration.black, 28);
    assert.equal(dp.points.piecesInCamp.black, 10);
    assert.ok(dp.points.kingInCamp.black);
    assert.equal(dp.verdict.text, 'win black impasse');
    assert.ok(!declare.isOver());
    assert.equal(declare.declare().text, 'win black impasse');
    assert.equal(declare.undoEnding().text, 'win black impasse');
    assert.ok(!declare.isOver());
    declare.free();

    const offers = new lib.Game({ drawOffers: { perPlayer: 1 } });
    offers.offerDraw('black');
    assert.equal(offers.drawOffer(), 'black');
    assert.equal(offers.acceptDraw('white').text, 'draw agreement');
    offers.free();
    const resign = new lib.Game();
    assert.equal(resign.resign('white').text, 'win black resignation');
    resign.free();
    const usi = new lib.Game({ start: 'Rook' });
    usi.play('5a4b');
    assert.equal(usi.usiCommand(), `position sfen ${lib.setups().find((s) => s.english === 'Rook').sfen} moves 5a4b`);
    assert.equal(usi.positionAt(0).sfen(), usi.startSfen());
    assert.equal(usi.positionAt(2), undefined);
    usi.free();
  });

  test('presets: the rule sets of the starts', () => {
    const jsa = new lib.Game({ preset: 'jsa24' });
    assert.equal(jsa.declarationPreview().rule, '24');
    assert.deepEqual([jsa.moveLimitPreview().limit, jsa.moveLimitPreview().atLimit], [400, 'count']);
    jsa.free();
    const csa = new lib.Game({ start: 'Bishop', preset: 'csa27', drawOffers: { perPlayer: 2 } });
    assert.equal(csa.declarationPreview().rule, '27');
    assert.equal(csa.moveLimitPreview(), null);
    assert.ok(csa.handicapCredit().white > 0, 'the handicap giver (White) is credited');
    assert.equal(csa.drawOffersLeft('black'), 2);
    csa.free();
    const silver = new lib.Game({ start: 'Untakeable Silver (nine-piece)', preset: 'jsa24' });
    assert.equal(silver.declarationPreview().rule, 'none');
    assert.equal(silver.variant(), 'untakeable-silver');
    silver.free();
    throwsMessage(assert, () => new lib.Game({ preset: 'jsa24', impasse: '27' }),
      'options.preset: give a preset or the rules (impasse, ...), not both');
    throwsMessage(assert, () => new lib.Game({ preset: 'lishogi' }),
      'options.preset: unknown preset "lishogi", expected "jsa24" or "csa27"');
    throwsError(assert, () => new lib.Game({ start: '4k4/9/9/9/9/9/9/9/4K4 b - 1', preset: 'csa27' }));
  });

  test('the clock: main time, byo-yomi periods, flags', () => {
    const clock = new lib.Clock({ main: 300000, byoyomi: 30000, periods: 3 });
    assert.equal(clock.sideToMove(), 'black');
    assert.equal(clock.recordMove(310000), null); // 10 s into byo-yomi: the period is kept
    assert.equal(clock.periodsLeft('black'), 3);
    assert.ok(clock.inByoyomi('black'));
    assert.equal(clock.sideToMove(), 'white');
    assert.equal(clock.recordMove(1000), null);
    assert.equal(clock.timeLeft('black'), 90000);
    assert.deepEqual(clock.flagAfter(90001), { color: 'black', after: 90000 });
    assert.deepEqual(clock.recordMove(95000), { color: 'black', after: 90000 });
    assert.deepEqual(clock.flag(), { color: 'black', after: 90000 });
    clock.free();
    const fischer = new lib.Clock({ main: 60000, increment: 10000 }, { main: 30000 }, 'white');
    assert.equal(fischer.sideToMove(), 'white');
    assert.deepEqual(fischer.usiTimes(), { btime: 60000, wtime: 30000, byoyomi: null, binc: 10000, winc: null });
    fischer.free();
    throwsError(assert, () => new lib.Clock({ main: -5 }));
  });

  test('setups equal `shogi setups`', () => {
    assert.deepEqual(lib.setups(), corpus.setups);
  });

  if (full) {
    test('convert equals `shogi convert` for every record and target', () => {
      let n = 0;
      for (const { name, text, expected } of corpus.records) {
        for (const [to, want] of Object.entries(expected)) {
          n++;
          if (want.error !== undefined) {
            throwsMessage(assert, () => lib.convert(text, to, {}), want.error);
          } else {
            assert.equal(lib.convert(text, to, {}), want.text, `${name} -> ${to}`);
            assert.equal(lib.convert(new TextEncoder().encode(text), to), want.text, `${name} (bytes) -> ${to}`);
          }
        }
      }
      assert.ok(n >= 400);
      const sjis = new Uint8Array(corpus.sjis.bytes);
      for (const [to, want] of Object.entries(corpus.sjis.expected)) {
        assert.equal(lib.convert(sjis, to), want.text, `shift_jis -> ${to}`);
      }
      for (const { name, text, strict, lenient } of corpus.failing) {
        throwsMessage(assert, () => lib.convert(text, 'usi'), strict.error);
        if (lenient.error !== undefined) {
          throwsMessage(assert, () => lib.convert(text, 'usi', { lenient: true }), lenient.error);
        } else {
          assert.equal(lib.convert(text, 'usi', { lenient: true }), lenient.text, name);
        }
      }
      throwsMessage(assert, () => lib.convert('position startpos', 'kiff'),
        'unknown format "kiff", expected usi, sfen, kif, ki2, csa, jkf, western or japanese');
      throwsError(assert, () => lib.convert(42, 'kif'));
    });

    test('records round trip through every format (and Shift_JIS bytes)', () => {
      const formats = ['kif', 'ki2', 'csa', 'jkf', 'usi'];
      for (const { name, text, moves } of corpus.records) {
        const rec = lib.Record.read(text);
        assert.deepEqual(rec.moves(), moves, name);
        const start = rec.startSfen();
        for (const format of formats) {
          const again = lib.Record.read(rec.write(format));
          assert.deepEqual(again.moves(), moves, `${name} via ${format}`);
          assert.equal(again.startSfen(), start, `${name} via ${format}`);
          again.free();
        }
        const bytes = rec.writeBytes('kif', 'shift_jis');
        assert.ok(bytes instanceof Uint8Array);
        const fromBytes = lib.Record.read(bytes);
        assert.deepEqual(fromBytes.moves(), moves, `${name} via shift_jis`);
        fromBytes.free();
        const game = rec.toGame({});
        assert.deepEqual(game.moves(), moves);
        assert.deepEqual(game.japaneseMoves(), rec.japaneseMoves());
        assert.deepEqual(game.westernMoves(), rec.westernMoves());
        // The record of the game carries the verdict of the rules (a mate, say) as its ending.
        const back = lib.Record.fromGame(game);
        assert.deepEqual(back.moves(), moves);
        assert.deepEqual(back.outcome(), game.outcome());
        back.free();
        game.free();
        rec.free();
      }
      const lenient = lib.Record.read(corpus.failing[0].text, { lenient: true });
      assert.equal(lenient.moves().length, 3);
      assert.ok(lenient.error().startsWith('line 5: move 4'), lenient.error());
      lenient.free();
      throwsError(assert, () => lib.Record.read('position startpos').writeBytes('csa', 'shift_jis'));
    });

    test('notation: Western and Japanese, written and read', () => {
      const game = new lib.Game();
      for (const text of ['P-7f', '△３四歩', '8h2b+', '同銀']) game.playText(text);
      assert.deepEqual(game.moves(), ['7g7f', '3c3d', '8h2b+', '3a2b']);
      assert.deepEqual(game.westernMoves(), ['P-7f', 'P-3d', 'Bx2b+', 'Sx2b']);
      assert.deepEqual(game.westernMoves({ numericRanks: true }), ['P-76', 'P-34', 'Bx22+', 'Sx22']);
      assert.deepEqual(game.japaneseMoves(), ['▲７六歩', '△３四歩', '▲２二角成', '△同　銀']);
      const pos = game.position();
      assert.equal(pos.japanese('B*5e'), '▲５五角'); // no bishop on the board: no 打
      assert.equal(pos.western('B*5e'), 'B*5e');
      throwsError(assert, () => pos.parseMove('▲５五金'));
      throwsError(assert, () => pos.western('5e5d'));
      pos.free();
      game.free();
    });
  }

  if (lib.features().includes('svg')) {
    test('svg equals `shogi svg`', () => {
      for (const { sfen, options, svg, error } of corpus.svg) {
        if (error !== undefined) {
          throwsMessage(assert, () => lib.svg(sfen, options), error);
        } else {
          assert.equal(lib.svg(sfen, options), svg, `${sfen} ${JSON.stringify(options)}`);
        }
      }
      const game = new lib.Game();
      game.play('7g7f');
      const drawn = game.svg({ drops: undefined });
      assert.equal(drawn, lib.svg(game.sfen(), { last: '7g7f' }));
      const pos = new lib.Position('4k4/9/9/9/9/9/9/9/4K4 b P 1');
      assert.ok(pos.svg({ drops: 'P' }).includes('class="dots"'));
      pos.free();
      game.free();
    });
  }

  if (lib.features().includes('mate')) {
    /** The moves that mate at once, by playing every legal move (independent of the solver). */
    const bruteMates = (pos) => pos.legalMoves().filter((m) => {
      const after = pos.clone();
      after.play(m);
      const mated = after.isCheck() && after.countLegalMoves() === 0;
      after.free();
      return mated;
    }).sort();

    test('mate equals `shogi mate` in both modes', () => {
      let lines = 0;
      for (const { mode, results } of corpus.mate) {
        for (const { line, out, error } of results) {
          lines++;
          if (error !== undefined) {
            throwsMessage(assert, () => lib.mate(line, { mode, nodes: 50000, hash: 16 }), error);
          } else {
            assert.equal(lib.mate(line, { mode, nodes: 50000, hash: 16 }), out, `${mode}: ${line}`);
          }
        }
      }
      assert.ok(lines >= 100, `${lines} lines`);
      throwsMessage(assert, () => lib.mate('startpos', { mode: 'fast' }),
        'unknown mode "fast" (expected any or tsume)');
      throwsError(assert, () => lib.mate('startpos', { nodes: -1 }));
      throwsMessage(assert, () => lib.mate('startpos', { maxPlies: 2001 }),
        'options.maxPlies: 2001, expected at most 2000 (the WebAssembly stack holds about 2,300 plies of search)');
    });

    test('mate: limits answer unknown, never nomate', () => {
      const hard = '9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1';
      assert.equal(lib.mate(hard, { nodes: 200, hash: 4 }), 'unknown nodes');
      // The time limit is measured with the host's clock (WebAssembly's std has none).
      const t = Date.now();
      assert.equal(lib.mate(hard, { timeMs: 30, hash: 4 }), 'unknown time');
      assert.ok(Date.now() - t < 10000);
      assert.equal(lib.mate('3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1', { mode: 'tsume', maxPlies: 1, hash: 4 }),
        'unknown max-plies');
    });

    test('mateInOne and matingMoves equal brute force', () => {
      let positions = 0;
      let mates = 0;
      const sfens = [
        '8k/9/7G1/9/9/9/9/9/K8 b G 1',
        'kn7/9/1G7/9/9/9/9/9/8K b P 1',
        '8k/9/9/9/9/9/1g7/9/K8 w g 1',
        ...corpus.legal.map(({ sfen }) => sfen),
      ];
      for (const sfen of sfens) {
        let pos;
        try {
          pos = new lib.Position(sfen, { lenient: true });
        } catch {
          continue;
        }
        const truth = bruteMates(pos);
        assert.deepEqual([...pos.matingMoves()].sort(), truth, sfen);
        const first = pos.mateInOne();
        if (truth.length === 0) {
          assert.equal(first, undefined, sfen);
        } else {
          mates++;
          assert.ok(truth.includes(first), `${sfen}: ${first}`);
        }
        positions++;
        pos.free();
      }
      assert.ok(positions > 300 && mates >= 3, `${positions} positions, ${mates} with a mate`);
      const drop = new lib.Position('kn7/9/1G7/9/9/9/9/9/8K b P 1');
      assert.equal(drop.mateInOne(), undefined); // P*9b would be a pawn-drop mate
      assert.equal(drop.isLegal('P*9b'), false);
      drop.free();
    });

    test('mateIn: a shortest mate, no mate, or an error for the budget', () => {
      const pos = new lib.Position('8k/9/6G2/9/9/9/9/9/K8 b 2S 1', { lenient: true });
      const line = pos.mateIn(3);
      assert.equal(line.length, 3);
      const p = pos.clone();
      line.forEach((m, i) => {
        p.play(m);
        if (i % 2 === 0) assert.ok(p.isCheck(), m);
      });
      assert.equal(p.countLegalMoves(), 0);
      // Forced: after the first move, every defence allows a mate in one (brute force).
      const after = pos.clone();
      after.play(line[0]);
      for (const reply of after.legalMoves()) {
        const q = after.clone();
        q.play(reply);
        assert.ok(bruteMates(q).length > 0, reply);
        q.free();
      }
      assert.equal(pos.mateIn(1), undefined);
      throwsMessage(assert, () => pos.mateIn(3, 10), 'mateIn: 10 nodes did not decide whether there is a mate in 3');
      throwsError(assert, () => pos.mateIn(33));
      for (const x of [p, after, pos]) x.free();
    });
  } else {
    test('the rules-only package has no mate search', () => {
      assert.equal(lib.mate, undefined);
      assert.equal(lib.Position.prototype.mateInOne, undefined);
    });
  }

  test('1,000,000 positions freed with free() leave the memory as it was', () => {
    new lib.Position().free();
    const before = lib.wasmMemoryBytes();
    for (let i = 0; i < 1_000_000; i++) new lib.Position().free();
    assert.equal(lib.wasmMemoryBytes(), before);
  });

  test('1,000,000 positions dropped are freed by the FinalizationRegistry', async () => {
    assert.ok(gc, `${platform}: run with the garbage collector exposed (--expose-gc)`);
    const rounds = 100;
    const perRound = 10_000;
    let afterWarmUp = 0;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < perRound; i++) {
        const p = new lib.Position();
        if (p.moveNumber() !== 1) throw new Error('unexpected move number');
      }
      gc();
      // Finalization callbacks run as tasks after the collection.
      await tick();
      await tick();
      if (round === 9) afterWarmUp = lib.wasmMemoryBytes();
    }
    gc();
    await tick();
    const after = lib.wasmMemoryBytes();
    // Were the 10^6 positions kept, they would need hundreds of megabytes.
    assert.equal(after, afterWarmUp, `memory grew from ${afterWarmUp} to ${after} bytes`);
    assert.ok(after < 64 * 1024 * 1024, `memory is ${after} bytes`);
  });
}
