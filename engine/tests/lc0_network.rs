//! Human-move networks in lc0's format, on small networks these tests
//! write themselves: a policy known by construction, a forward pass
//! checked against a plain re-implementation written here, and files
//! that are not networks refused with the reason. No test needs a Maia file.

use engine::lc0::planes::input_planes;
use engine::lc0::policy_map::{policy_index, POLICY_MOVES};
use engine::lc0::proto::Writer;
use engine::lc0::writer::{gzipped, net_bytes, BatchNorm, ConvSpec, NetSpec, PolicySpec, ResidualSpec, SeSpec};
use engine::lc0::{Lc0Network, Scratch};
use movegen::{Board, Color};

/// A deterministic stream of small values in [-0.5, 0.5).
struct Values(u64);

impl Values {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    }

    fn take(&mut self, count: usize) -> Vec<f32> {
        (0..count).map(|_| self.next()).collect()
    }

    fn conv(&mut self, inputs: usize, outputs: usize, kernel: usize, batch_norm: bool) -> ConvSpec {
        let weights = self.take(outputs * inputs * kernel * kernel);
        let biases = self.take(outputs);
        let batch_norm = batch_norm.then(|| BatchNorm {
            means: self.take(outputs),
            variances: self.take(outputs).iter().map(|v| v + 1.0).collect(),
            gammas: self.take(outputs).iter().map(|v| v + 1.0).collect(),
            betas: self.take(outputs),
        });
        ConvSpec { weights, biases, batch_norm }
    }
}

fn zero_conv(inputs: usize, outputs: usize, biases: Vec<f32>) -> ConvSpec {
    ConvSpec { weights: vec![0.0; outputs * inputs * 9], biases, batch_norm: None }
}

fn history(moves: &[&str]) -> Vec<Board> {
    let mut boards = vec![Board::startpos()];
    for text in moves {
        let mut next = boards.last().expect("a position").clone();
        let mv = next.parse_uci_move(text).expect("legal");
        next.play(mv);
        boards.push(next);
    }
    boards
}

/// The policy head's planes say everything: one step north scores 2, two
/// steps north 1, everything else 0, whatever the tower computes.
#[test]
fn a_policy_known_by_construction_comes_out_for_both_sides() {
    let mut values = Values(7);
    let filters = 3;
    let mut plane_biases = vec![0.0f32; 80];
    plane_biases[0] = 2.0; // north, one square
    plane_biases[1] = 1.0; // north, two squares
    let spec = NetSpec {
        input: values.conv(112, filters, 3, true),
        tower: vec![ResidualSpec {
            conv1: values.conv(filters, filters, 3, true),
            conv2: values.conv(filters, filters, 3, true),
            se: Some(SeSpec {
                w1: values.take(2 * filters),
                b1: values.take(2),
                w2: values.take(4 * filters),
                b2: values.take(2 * filters),
            }),
        }],
        policy: PolicySpec::Convolution {
            conv1: zero_conv(filters, filters, vec![0.0; filters]),
            conv2: zero_conv(filters, 80, plane_biases),
        },
    };
    let network = Lc0Network::from_bytes(&gzipped(&net_bytes(&spec))).expect("a valid network");
    // 8 single pushes (e^2), 8 double pushes (e^1), 4 knight moves (e^0).
    let total = 8.0 * 2f32.exp() + 8.0 * 1f32.exp() + 4.0;
    for moves in [&[][..], &["e2e4"][..]] {
        let policy = network.policy(&history(moves));
        assert_eq!(policy.len(), 20);
        for entry in &policy {
            let text = entry.mv.to_string();
            let rank_steps = (text.as_bytes()[3] as i32 - text.as_bytes()[1] as i32).abs();
            let expected = match (text.as_bytes()[0] == text.as_bytes()[2], rank_steps) {
                (true, 1) => 2f32.exp() / total,
                (true, 2) => 1f32.exp() / total,
                _ => 1.0 / total,
            };
            assert!(
                (entry.probability - expected).abs() < 1e-6,
                "{moves:?} {text}: {} vs {expected}",
                entry.probability
            );
        }
        assert!(policy.windows(2).all(|pair| pair[0].probability >= pair[1].probability), "best first");
    }
}

/// The forward pass as the network's definition reads, written plainly:
/// 3x3 (or 1x1) correlation with zero padding, batch normalisation after
/// the bias, ReLU, squeeze-excitation with its scale and shift.
struct PlainForward<'a>(&'a NetSpec);

impl PlainForward<'_> {
    fn conv(spec: &ConvSpec, input: &[f32], kernel: usize) -> Vec<f32> {
        let outputs = spec.biases.len();
        let inputs = spec.weights.len() / (outputs * kernel * kernel);
        let half = (kernel / 2) as i32;
        let mut out = vec![0.0f32; outputs * 64];
        for o in 0..outputs {
            for y in 0..8i32 {
                for x in 0..8i32 {
                    let mut sum = 0.0f64;
                    for c in 0..inputs {
                        for ky in 0..kernel as i32 {
                            for kx in 0..kernel as i32 {
                                let (iy, ix) = (y + ky - half, x + kx - half);
                                if (0..8).contains(&iy) && (0..8).contains(&ix) {
                                    let w =
                                        spec.weights[((o * inputs + c) * kernel + ky as usize) * kernel + kx as usize];
                                    sum += f64::from(w) * f64::from(input[c * 64 + (iy * 8 + ix) as usize]);
                                }
                            }
                        }
                    }
                    let mut value = sum + f64::from(spec.biases[o]);
                    if let Some(bn) = &spec.batch_norm {
                        let deviation = (f64::from(bn.variances[o]) + 1e-5).sqrt();
                        value = (value - f64::from(bn.means[o])) / deviation * f64::from(bn.gammas[o])
                            + f64::from(bn.betas[o]);
                    }
                    out[o * 64 + (y * 8 + x) as usize] = value as f32;
                }
            }
        }
        out
    }

    fn relu(values: Vec<f32>) -> Vec<f32> {
        values.into_iter().map(|v| v.max(0.0)).collect()
    }

    fn logits(&self, planes: &[f32]) -> Vec<f32> {
        let mut x = Self::relu(Self::conv(&self.0.input, planes, 3));
        for block in &self.0.tower {
            let hidden = Self::relu(Self::conv(&block.conv1, &x, 3));
            let mut z = Self::conv(&block.conv2, &hidden, 3);
            if let Some(se) = &block.se {
                let channels = z.len() / 64;
                let means: Vec<f32> =
                    (0..channels).map(|c| z[c * 64..(c + 1) * 64].iter().sum::<f32>() / 64.0).collect();
                let width = se.b1.len();
                let h: Vec<f32> = (0..width)
                    .map(|j| {
                        (se.b1[j] + (0..channels).map(|c| se.w1[j * channels + c] * means[c]).sum::<f32>()).max(0.0)
                    })
                    .collect();
                let s: Vec<f32> = (0..2 * channels)
                    .map(|r| se.b2[r] + (0..width).map(|j| se.w2[r * width + j] * h[j]).sum::<f32>())
                    .collect();
                for c in 0..channels {
                    let gate = 1.0 / (1.0 + (-s[c]).exp());
                    z[c * 64..(c + 1) * 64].iter_mut().for_each(|v| *v = *v * gate + s[channels + c]);
                }
            }
            x = z.iter().zip(&x).map(|(a, b)| (a + b).max(0.0)).collect();
        }
        match &self.0.policy {
            PolicySpec::Classical { conv, weights, biases } => {
                let head = Self::relu(Self::conv(conv, &x, 1));
                (0..POLICY_MOVES)
                    .map(|m| {
                        biases[m] + head.iter().enumerate().map(|(i, v)| weights[m * head.len() + i] * v).sum::<f32>()
                    })
                    .collect()
            }
            PolicySpec::Convolution { .. } => unreachable!("this test uses the classical head"),
        }
    }
}

/// A residual block of random weights: two 3x3 convolutions of `filters`
/// and a squeeze-excitation of `se_channels`.
fn residual_block(values: &mut Values, filters: usize, se_channels: usize) -> ResidualSpec {
    ResidualSpec {
        conv1: values.conv(filters, filters, 3, true),
        conv2: values.conv(filters, filters, 3, true),
        se: Some(SeSpec {
            w1: values.take(se_channels * filters),
            b1: values.take(se_channels),
            w2: values.take(2 * filters * se_channels),
            b2: values.take(2 * filters),
        }),
    }
}

#[test]
fn the_forward_pass_matches_a_plain_implementation() {
    let mut values = Values(2026);
    let (filters, head) = (4, 2);
    let block = |values: &mut Values| residual_block(values, filters, 3);
    let spec = NetSpec {
        input: values.conv(112, filters, 3, true),
        tower: vec![block(&mut values), block(&mut values)],
        policy: PolicySpec::Classical {
            conv: values.conv(filters, head, 1, true),
            weights: values.take(POLICY_MOVES * head * 64).iter().map(|v| v * 8.0).collect(),
            biases: values.take(POLICY_MOVES),
        },
    };
    let network = Lc0Network::from_bytes(&net_bytes(&spec)).expect("valid, uncompressed");
    let plain = PlainForward(&spec);
    for moves in [&[][..], &["e2e4", "c7c5", "g1f3"][..], &["d2d4", "g8f6", "c2c4", "e7e6", "b1c3", "f8b4"][..]] {
        let boards = history(moves);
        let board = boards.last().expect("a position");
        let logits = plain.logits(&input_planes(&boards));
        let white = board.side_to_move() == Color::White;
        let legal: Vec<_> = board.legal_moves().iter().copied().collect();
        let chosen: Vec<f32> = legal.iter().map(|&mv| logits[policy_index(mv, white).expect("listed")]).collect();
        let most = chosen.iter().copied().fold(f32::MIN, f32::max);
        let total: f32 = chosen.iter().map(|l| (l - most).exp()).sum();
        let policy = network.policy(&boards);
        assert_eq!(policy.len(), legal.len());
        let spread = policy[0].probability - policy[policy.len() - 1].probability;
        assert!(spread > 0.05, "{moves:?}: a flat policy would prove little ({spread})");
        for entry in policy {
            let at = legal.iter().position(|&mv| mv == entry.mv).expect("a legal move");
            let expected = (chosen[at] - most).exp() / total;
            assert!(
                (entry.probability - expected).abs() < 1e-4,
                "{moves:?} {}: {} vs {expected}",
                entry.mv,
                entry.probability
            );
        }
    }
}

#[test]
fn files_that_are_not_networks_are_refused_with_the_reason() {
    let valid = net_bytes(&NetSpec {
        input: zero_conv(112, 2, vec![0.0; 2]),
        tower: vec![],
        policy: PolicySpec::Convolution {
            conv1: zero_conv(2, 2, vec![0.0; 2]),
            conv2: zero_conv(2, 80, vec![0.0; 80]),
        },
    });
    assert!(Lc0Network::from_bytes(&valid).is_ok());
    let packed = gzipped(&valid);
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"not a network at all".to_vec(), "not an lc0 network"),
        (vec![], "no lc0 magic"),
        (valid[..valid.len() / 2].to_vec(), "cut short"),
        (packed[..packed.len() / 2].to_vec(), "gzip"),
        (valid.iter().map(|&b| if b == 0xc0 { 0xc1 } else { b }).collect(), "magic"),
    ];
    for (bytes, expected) in cases {
        let error = Lc0Network::from_bytes(&bytes).expect_err(expected);
        assert!(error.contains(expected), "{expected}: {error}");
    }
    // An attention-body network (structure 6) is named as unsupported.
    let mut network_format = Writer::new();
    network_format.varint(1, 1).varint(3, 6);
    let mut format = Writer::new();
    format.message(2, &network_format);
    let mut net = Writer::new();
    net.fixed32(1, 0x1c0).message(4, &format);
    let error = Lc0Network::from_bytes(&net.finish()).expect_err("attention body");
    assert!(error.contains("structure 6"), "{error}");
    let missing = Lc0Network::load(std::path::Path::new("/nonexistent/maia-1500.pb.gz")).expect_err("missing");
    assert!(missing.contains("/nonexistent/maia-1500.pb.gz"), "{missing}");
}

#[test]
fn trappy_policy_prints_every_move_and_a_batch_its_throughput() {
    let dir = std::env::temp_dir().join(format!("trappy-policy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let spec = NetSpec::plane_logits(&[(0, 3.0)]);
    let network = dir.join("tiny.pb.gz");
    std::fs::write(&network, gzipped(&net_bytes(&spec))).expect("write network");
    let trappy = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_trappy"))
            .arg("policy")
            .arg("--network")
            .arg(&network)
            .args(args)
            .output()
            .expect("run trappy policy")
    };
    let single = trappy(&["--moves", "e2e4"]);
    assert!(single.status.success(), "{}", String::from_utf8_lossy(&single.stderr));
    let text = String::from_utf8_lossy(&single.stdout).into_owned();
    let moves: Vec<&str> = text.lines().skip(2).collect();
    assert_eq!(moves.len(), 20, "{text}");
    assert!(moves[0].ends_with(&format!("{:.2}", 100.0 * 3f32.exp() / (8.0 * 3f32.exp() + 12.0))), "{text}");
    let json = trappy(&["--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["policy"].as_array().map(Vec::len), Some(5));
    let epd = dir.join("batch.epd");
    std::fs::write(
        &epd,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1d1 e8d8\n",
    )
    .expect("write batch");
    let batch = trappy(&["--epd", epd.to_str().expect("utf-8")]);
    assert!(batch.status.success(), "{}", String::from_utf8_lossy(&batch.stderr));
    let text = String::from_utf8_lossy(&batch.stdout).into_owned();
    let last = text.lines().last().expect("a summary");
    let fields: Vec<&str> = last.split_whitespace().collect();
    assert_eq!((fields[0], fields[1], fields[2], fields[4]), ("positions", "2", "time_ms", "pps"), "{last}");
    assert!(text.lines().nth(1).is_some_and(|line| line.starts_with("3k4/8/8/8/8/8/8/3K4 w - - 2 2 | ")), "{text}");
    let together = trappy(&["--epd", epd.to_str().expect("utf-8"), "--batch", "2"]);
    let together = String::from_utf8_lossy(&together.stdout).into_owned();
    let policies =
        |text: &str| text.lines().filter(|line| line.contains(" | ")).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(policies(&together), policies(&text), "passed together, as one at a time");
    assert_eq!(policies(&text).len(), 2);
    std::fs::write(&epd, "this is no position\n").expect("write batch");
    let broken = trappy(&["--epd", epd.to_str().expect("utf-8")]);
    assert_eq!(broken.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&broken.stderr).contains("line 1"), "{}", String::from_utf8_lossy(&broken.stderr));
    // The annotator names traps by the same network, or says why it cannot.
    let traps = |model: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_trappy"))
            .args(["traps", "--depth", "3", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "--opponent-model"])
            .arg(model)
            .output()
            .expect("run trappy traps")
    };
    let named = traps(&network);
    assert!(named.status.success(), "{}", String::from_utf8_lossy(&named.stderr));
    let stem = engine::lc0::network_name(&network);
    assert!(String::from_utf8_lossy(&named.stdout).contains(&format!("model {stem}")), "the model is named");
    let missing = traps(&dir.join("absent.pb.gz"));
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("absent.pb.gz"));
    std::fs::write(dir.join("junk.pb.gz"), b"\x1f\x8bnot really gzip").expect("write junk");
    let junk = std::process::Command::new(env!("CARGO_BIN_EXE_trappy"))
        .args(["policy", "--network"])
        .arg(dir.join("junk.pb.gz"))
        .output()
        .expect("run trappy policy");
    assert_eq!(junk.status.code(), Some(2));
    let message = String::from_utf8_lossy(&junk.stderr).into_owned();
    assert!(message.contains("junk.pb.gz") && message.contains("gzip"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Positions passed together give each position's own policy: the batch
/// is only a way of reading the weights once. A mated position and an
/// empty history in the batch get no moves, as they do alone.
#[test]
fn a_batch_of_positions_gives_each_its_single_policy() {
    let mut values = Values(1129);
    let filters = 16;
    let block = |values: &mut Values| residual_block(values, filters, 4);
    let spec = NetSpec {
        input: values.conv(112, filters, 3, true),
        tower: vec![block(&mut values), block(&mut values)],
        policy: PolicySpec::Convolution {
            conv1: values.conv(filters, filters, 3, true),
            conv2: values.conv(filters, 80, 3, false),
        },
    };
    let network = Lc0Network::from_bytes(&net_bytes(&spec)).expect("valid, uncompressed");
    let games = [
        history(&["e2e4", "c7c5", "g1f3", "d7d6", "d2d4"]),
        history(&["f2f3", "e7e5", "g2g4", "d8h4"]),
        Vec::new(),
        history(&[]),
        history(&["d2d4", "g8f6", "c2c4", "e7e6", "b1c3", "f8b4", "e1d2"]),
    ];
    let histories: Vec<&[Board]> = games.iter().map(Vec::as_slice).collect();
    let mut scratch = Scratch::default();
    let together = network.policies_with(&histories, &mut scratch);
    assert_eq!(together.len(), games.len());
    for (game, policy) in games.iter().zip(&together) {
        let alone = network.policy(game);
        assert_eq!(policy, &alone, "{:?}", game.last().map(Board::to_fen));
    }
    assert!(together[1].is_empty() && together[2].is_empty(), "mate and no position have no moves");
    for scored in [0, 3, 4] {
        let board = games[scored].last().expect("a position");
        assert_eq!(together[scored].len(), board.legal_moves().len(), "every legal move in {}", board.to_fen());
    }
    let spread = together[0][0].probability - together[0][together[0].len() - 1].probability;
    assert!(spread > 0.01, "a flat policy would prove little ({spread})");
}
