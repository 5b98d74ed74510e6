use super::reel::KEEP_EVERY;
use super::*;
use crate::sim::{Lane, Sim};
use settle_core::Instant;
use settle_core::{ReceiveMode, SubQueue};
use settle_i18n::Lang;
use std::rc::Rc;
use std::sync::OnceLock;

/// [`presets`], recorded once for all the tests.
fn recorded() -> &'static [(&'static str, Vec<u8>)] {
    static FILMS: OnceLock<Vec<(&'static str, Vec<u8>)>> = OnceLock::new();
    FILMS.get_or_init(presets)
}

/// The presets the embeds' film player plays, with their documents.
fn filmed() -> Vec<(&'static str, &'static str)> {
    let names: Vec<&str> = recorded().iter().map(|(n, _)| *n).collect();
    settle_scenario::presets::PRESETS
        .iter()
        .copied()
        .filter(|(n, _)| names.contains(n))
        .collect()
}

fn sim_lanes(s: &Sim) -> [Lane; 5] {
    let snap = s.snapshot();
    [
        snap.available,
        snap.locked,
        snap.deferred,
        snap.scheduled,
        snap.dead_letter,
    ]
}

/// The film as the page reads it to play.
fn reel(film: &Film) -> Rc<Reel> {
    Rc::new(Reel::read(encode(film)).expect("reads"))
}

/// What the viewer reads, from the simulation and from the film's player, must be the same.
fn same(s: &Sim, p: &Player, what: &str) {
    assert_eq!(p.now(), s.now(), "{what}: now");
    assert_eq!(
        p.stage_model(),
        s.stage_model(),
        "{what}: the stage's model"
    );
    assert_eq!(p.lanes(), sim_lanes(s), "{what}: the lanes");
    let said = s.snapshot().log.first().map(|l| l.text.clone());
    assert_eq!(
        p.said(),
        said.unwrap_or_default(),
        "{what}: the newest line"
    );
    assert_eq!(p.next_event(), s.next_event(), "{what}: next event");
    assert_eq!(
        p.next_lock_expiry(),
        s.next_lock_expiry(),
        "{what}: next expiry"
    );
    assert_eq!(
        p.previous_moment(),
        s.previous_moment(),
        "{what}: where Step back goes"
    );
}

#[test]
fn every_preset_without_entities_is_filmed_and_its_film_reads_back_as_written() {
    let mut big = Vec::new();
    for (name, text) in settle_scenario::presets::PRESETS {
        let sim = Sim::load(text).expect("a preset loads");
        let film = record(text, MAX_FRAMES);
        if sim.has_entities() {
            assert!(film.is_err(), "{name}");
            continue;
        }
        let film = film.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(film.frames.len() > 1, "{name}");
        assert_eq!(film.frames[0].at_ms, 0, "{name}");
        let bytes = encode(&film);
        assert_eq!(decode(&bytes).as_ref(), Some(&film), "{name}");
        if bytes.len() > MAX_BYTES {
            big.push(*name);
        }
    }
    // Every preset's film is small enough to keep (the longest, load-levelling, is 144 KB).
    assert_eq!(big, [""; 0]);
    assert_eq!(filmed().len(), 23);
}

/// The player shows what the simulation shows: at every instant something happens, just
/// before and after, half-way to the next, long after the end; playing on gathers the same
/// journeys; Step back and Restart land where the simulation's do.
#[test]
fn playing_a_film_shows_what_running_the_simulation_shows() {
    for (name, text) in filmed() {
        let film = Rc::new(record(text, MAX_FRAMES).expect("records"));
        let end = film.frames.last().map_or(0, |f| f.at_ms);
        let mut times: Vec<u64> = film
            .busy
            .iter()
            .flat_map(|&t| [t.saturating_sub(1), t, t + 1])
            .collect();
        times.extend(
            film.frames
                .windows(2)
                .map(|w| (w[0].at_ms + w[1].at_ms) / 2),
        );
        times.extend([end + 1, end + 3_600_000]);
        times.sort_unstable();
        times.dedup();
        // Played on, in uneven steps (every third instant), from one simulation.
        let mut s = Sim::load(text).expect("loads");
        let mut p = Player::new(reel(&film));
        s.take_cues();
        p.take_cues();
        same(&s, &p, &format!("{name} at the start"));
        for &t in times.iter().step_by(3) {
            s.advance_to(Instant::from_millis(t));
            p.advance_to(Instant::from_millis(t));
            same(&s, &p, &format!("{name} at {t} ms"));
            assert_eq!(
                p.take_cues(),
                s.take_cues(),
                "{name}: the journeys up to {t} ms"
            );
            let (sg, pg) = (s.generation(), p.generation());
            s.advance_to(Instant::from_millis(t));
            p.advance_to(Instant::from_millis(t));
            assert_eq!(
                (s.generation() == sg),
                (p.generation() == pg),
                "{name} at {t}: standing still changes nothing"
            );
        }
        // Stepping and stepping back, as the clock's buttons do.
        let mut s = Sim::load(text).expect("loads");
        let mut p = Player::new(reel(&film));
        for i in 0..40 {
            match (s.next_event(), p.next_event()) {
                (Some(a), Some(b)) if i % 5 != 4 => {
                    assert_eq!(a, b);
                    s.advance_to(a.max(s.now()));
                    p.advance_to(b.max(p.now()));
                }
                _ => {
                    let (a, b) = (s.previous_moment(), p.previous_moment());
                    assert_eq!(a, b, "{name}: Step back");
                    if let Some(t) = a {
                        s.seek(t);
                        p.seek(t);
                    }
                }
            }
            same(&s, &p, &format!("{name}, step {i}"));
            assert_eq!(p.take_cues(), s.take_cues(), "{name}, step {i}: journeys");
        }
        // Any instant, by a fresh simulation: what playing from zero shows.
        for &t in times.iter().skip(1).step_by(7) {
            let mut s = Sim::load(text).expect("loads");
            s.advance_to(Instant::from_millis(t));
            p.seek(Instant::from_millis(t));
            same(&s, &p, &format!("{name}, sought {t} ms"));
        }
    }
}

/// The films in `player/films/<lang>/` are what recording the presets in that language gives
/// now (SETTLE_BLESS=1 writes them).
#[test]
fn the_films_in_the_repository_are_the_presets_recorded_now() {
    let bless = std::env::var_os("SETTLE_BLESS").is_some();
    let mut stale = Vec::new();
    for lang in Lang::ALL {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("films")
            .join(lang.tag());
        let films = match lang {
            Lang::En => recorded().to_vec(),
            _ => {
                let _speaking = settle_i18n::speak(lang);
                presets()
            }
        };
        let mut names = Vec::new();
        for (name, bytes) in films {
            let file = dir.join(format!("{name}.film"));
            names.push(format!("{name}.film"));
            if bless {
                std::fs::create_dir_all(&dir).expect("makes the language's directory");
                std::fs::write(&file, bytes).expect("writes the film");
            } else if std::fs::read(&file).ok().as_deref() != Some(&bytes[..]) {
                stale.push(format!("{}/{name}", lang.tag()));
            }
        }
        let mut there: Vec<String> = std::fs::read_dir(&dir)
            .expect("player/films/<lang>")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        there.sort();
        names.sort();
        assert_eq!(
            there, names,
            "player/films/{lang} has exactly the presets' films"
        );
    }
    assert!(
        stale.is_empty(),
        "stale films {stale:?}: `SETTLE_BLESS=1 cargo test -p settle-player films` writes them"
    );
}

/// A film speaks the language it was recorded in: a Russian film's title, captions, summary
/// and narration are Russian, with the run's numbers in Russian's forms, and its frames are the
/// English film's but for their words.
#[test]
fn a_film_recorded_in_russian_tells_the_lesson_in_russian() {
    let text = settle_scenario::presets::preset("poison-message").unwrap();
    let english = record(text, MAX_FRAMES).unwrap();
    let russian = {
        let _ru = settle_i18n::speak(Lang::Ru);
        record(text, MAX_FRAMES).unwrap()
    };
    let cyrillic = |s: &str| {
        s.chars()
            .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
    };
    assert!(cyrillic(&russian.title), "{}", russian.title);
    assert!(cyrillic(&russian.description), "{}", russian.description);
    let (e, r) = (english.shown.unwrap(), russian.shown.clone().unwrap());
    assert_eq!(e.notes.len(), r.notes.len());
    for (en, ru) in e.notes.iter().zip(&r.notes) {
        assert_eq!((en.at_ms, en.pause), (ru.at_ms, ru.pause));
        assert!(cyrillic(&ru.text), "{}", ru.text);
    }
    assert!(r.summary.iter().all(|s| cyrillic(s)), "{:?}", r.summary);
    assert!(
        r.notes[0].text.starts_with("S1 отправляет 4 заказа"),
        "{}",
        r.notes[0].text
    );
    assert_eq!(english.export, russian.export, "the same document");
    assert_eq!(english.busy, russian.busy);
    assert_eq!(english.frames.len(), russian.frames.len());
    let mut said = 0;
    for (en, ru) in english.frames.iter().zip(&russian.frames) {
        // The stage's model differs in its one line of words, the queue's summary.
        let wordless = |m: &crate::stage::model::Model| crate::stage::model::Model {
            summary: String::new(),
            ..m.clone()
        };
        assert_eq!(
            (en.at_ms, wordless(&en.model), &en.cues),
            (ru.at_ms, wordless(&ru.model), &ru.cues)
        );
        assert!(cyrillic(&ru.model.summary), "{}", ru.model.summary);
        assert_eq!((&en.lanes, &en.touched), (&ru.lanes, &ru.touched));
        if !ru.said.is_empty() {
            assert!(cyrillic(&ru.said), "{}", ru.said);
            assert_ne!(en.said, ru.said);
            said += 1;
        }
    }
    assert!(said >= 5, "{said} frames say something");
}

/// Damaged bytes are refused, never a panic: every prefix, and single bytes changed, of two
/// films (one with long lists written as changes).
#[test]
fn a_damaged_film_is_refused_without_a_panic() {
    for name in ["poison-message", "send-modes"] {
        let (_, bytes) = recorded().iter().find(|(n, _)| *n == name).expect("filmed");
        let step = bytes.len() / 300 + 1;
        for n in (0..bytes.len()).step_by(step) {
            assert_eq!(decode(&bytes[..n]), None, "{name} cut at {n}");
            assert!(
                Reel::read(bytes[..n].to_vec()).is_none(),
                "{name} cut at {n}"
            );
        }
        let mut refused = 0;
        for i in (MAGIC.len()..bytes.len()).step_by(step) {
            for x in [0x80u8, 0xff, 0x01, 0x40] {
                let mut b = bytes.clone();
                b[i] ^= x;
                // Either refused, or read as some other film (a changed number): never a panic.
                let reel = Reel::read(b.clone());
                if decode(&b).is_none() {
                    refused += 1;
                    assert!(reel.is_none(), "{name}: changed at {i}, read as a reel");
                }
            }
        }
        assert!(refused > 0, "{name}");
    }
    assert_eq!(decode(b"settle-film 1\n"), None, "another version");
}

#[test]
#[ignore = "a measurement"]
fn film_stats() {
    for (name, text) in settle_scenario::presets::PRESETS {
        let Ok(f) = record(text, MAX_FRAMES) else {
            continue;
        };
        let tokens: usize = f.frames.iter().map(|fr| fr.model.whereabouts.len()).sum();
        let rows: usize = f
            .frames
            .iter()
            .map(|fr| fr.lanes.iter().map(|l| l.rows.len()).sum::<usize>())
            .sum();
        println!(
            "{name}: {} frames, {} bytes, {tokens} whereabouts, {rows} rows",
            f.frames.len(),
            encode(&f).len()
        );
    }
}

/// An embed's link carries a short run's film and its position; a long run's is refused; a
/// damaged one is an error in words; a fragment without one is not a film's link.
#[test]
fn a_film_travels_in_a_link_when_the_run_is_short() {
    let text = settle_scenario::presets::preset("poison-message").expect("a preset");
    let link = link(text).expect("a short run");
    assert!(link.starts_with("#f=") && !link.contains('&'), "{link}");
    let (reel, t) = from_link(&format!("{link}&t=5000"))
        .expect("a film's link")
        .expect("reads");
    assert_eq!(t, 5_000);
    let film = record(text, MAX_FRAMES).expect("records");
    assert_eq!(
        (reel.len(), &reel.head.export),
        (film.frames.len(), &film.export)
    );
    let (scenario, t) = scenario_of_link(&format!("{link}&t=7"))
        .expect("a film's link")
        .expect("reads");
    assert_eq!((scenario, t), (film.export.clone(), 7));
    assert!(from_link(&format!("{link}&t=1")).is_some());
    assert!(from_link("#s=abc&t=1").is_none());
    assert!(scenario_of_link("#s=abc&t=1").is_none());
    // Both kinds of link, as the playground and the simulating viewer read them.
    let (text_of_film, _) = scenario_link(&format!("{link}&t=7"))
        .expect("a link")
        .expect("reads");
    assert_eq!(text_of_film, film.export);
    let shared = crate::share::fragment(&film.export, 9);
    assert_eq!(scenario_link(&shared), Some(Ok((film.export.clone(), 9))));
    let cut = &link[..link.len() / 2];
    assert_eq!(
        from_link(cut).map(|r| r.map(|_| ())),
        Some(Err("this embed's film is damaged".to_string()))
    );
    assert!(from_link("#f=***").is_some_and(|r| r.is_err()));
    assert!(scenario_of_link("#f=***").is_some_and(|r| r.is_err()));
    // load-levelling's film (144 KB) is more than a link carries.
    let long = settle_scenario::presets::preset("load-levelling").expect("a preset");
    let refused = super::link(long).expect_err("too long");
    assert!(
        refused.contains("more than an embed's link carries"),
        "{refused}"
    );
}

/// The Embed button films what the person made: the export of a run with their steps, which
/// stops where it was exported (its run_until_ms). Played, it shows what simulating that export
/// shows, long past that point too.
#[test]
fn a_film_of_an_export_with_a_persons_steps_plays_what_simulating_it_plays() {
    let text = settle_scenario::presets::preset("lock-expiry").expect("a preset");
    let mut sim = Sim::load(text).expect("loads");
    sim.advance_to(Instant::from_millis(2_500));
    sim.receive("R2", ReceiveMode::PeekLock, SubQueue::Main, 1);
    sim.advance_to(Instant::from_millis(4_000));
    let export = sim.export();
    let film = Rc::new(record(&export, LINK_MAX_FRAMES).expect("records"));
    let mut p = Player::new(reel(&film));
    let mut s = Sim::load(&export).expect("loads");
    s.take_cues();
    p.take_cues();
    for t in [0, 2_500, 2_501, 4_000, 31_000, 33_000, 90_000, 3_600_000] {
        s.advance_to(Instant::from_millis(t));
        p.advance_to(Instant::from_millis(t));
        same(&s, &p, &format!("the export at {t} ms"));
        assert_eq!(p.take_cues(), s.take_cues(), "journeys up to {t} ms");
    }
    // R2's receive is in it: a step at 2.5 s, an instant Step back stops at.
    assert!(export.contains("\"at_ms\": 2500"), "{export}");
    assert!(film.busy.contains(&2_500), "{:?}", film.busy);
    let own = record(text, MAX_FRAMES).expect("records");
    assert!(
        !own.busy.contains(&2_500),
        "the preset alone does nothing then"
    );
}

/// A reel keeps few frames whole and reads the others again from the bytes: each of a long
/// film's frames read that way, from the nearest whole one or from the one before, is the
/// recorded frame.
#[test]
fn a_reel_reads_every_frame_as_it_was_recorded() {
    for name in ["send-modes", "poison-message"] {
        let text = settle_scenario::presets::preset(name).expect("a preset");
        let film = record(text, MAX_FRAMES).expect("records");
        let reel = Reel::read(encode(&film)).expect("reads");
        assert_eq!(reel.len(), film.frames.len());
        assert!(reel.kept.len() <= film.frames.len() / KEEP_EVERY + 1);
        let mut last = reel.frame(0).expect("frame 0");
        assert_eq!(last, film.frames[0]);
        for (k, f) in film.frames.iter().enumerate().skip(1) {
            assert_eq!(
                reel.frame(k).as_ref(),
                Some(f),
                "{name}: frame {k} from a kept one"
            );
            last = reel.next(k, &last).expect("reads on");
            assert_eq!(&last, f, "{name}: frame {k} from the one before");
            assert_eq!(reel.frame_at(f.at_ms), k, "{name}: frame {k}'s instant");
        }
    }
    assert!(Reel::read(Vec::new()).is_none());
}

/// A film carries its document as loaded: "Open in Settle" continues the same scenario, its
/// run_until_ms too, not one cut at its last step.
#[test]
fn a_films_document_keeps_its_run_until() {
    let doc = r#"{"settle": 1, "title": "t", "run_until_ms": 40000, "script": [
        {"at_ms": 0, "do": "send", "by": "S", "id": "m1"},
        {"at_ms": 1000, "do": "receive", "by": "R"}]}"#;
    let film = record(doc, MAX_FRAMES).expect("records");
    let sc = settle_scenario::parse(&film.export).expect("a document");
    assert_eq!(sc.run_until.as_millis(), 40_000, "{}", film.export);
    assert_eq!(sc.script.len(), 2);
}
