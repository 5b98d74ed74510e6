//! `settle embed`: the iframe the playground's Embed button makes, for a scenario file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn settle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_settle"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("settle runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("utf-8 output")
}

/// The two lines of an embed: the iframe's address (`src`) and the rest of the iframe after
/// it, and the script line.
fn parts(out: &Output) -> (String, String, String) {
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 2, "{printed}");
    let rest = lines[0]
        .strip_prefix("<iframe data-settle src=\"")
        .unwrap_or_else(|| panic!("{printed}"));
    let (src, after) = rest.split_once('"').unwrap();
    (src.to_string(), after.to_string(), lines[1].to_string())
}

fn scenario(file: &str) -> settle_scenario::Scenario {
    settle_scenario::parse(&std::fs::read_to_string(root().join(file)).unwrap()).unwrap()
}

#[test]
fn a_small_scenario_embeds_its_film_and_the_film_carries_the_scenario() {
    let (src, after, script) = parts(&settle(&["embed", "examples/lock-expiry.json"]));
    let film = src
        .strip_prefix("./view.html?embed&autoplay=1#f=")
        .unwrap_or_else(|| panic!("{src}"));
    assert!(film.ends_with("&t=0"), "{src}");
    assert_eq!(
        after,
        " title=\"Settle: Lock expiry\" width=\"800\" height=\"587\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>"
    );
    assert_eq!(script, "<script src=\"./embed.js\"></script>");
    // What the film's link carries is the scenario: loaded, it is the file's.
    let hash = &src[src.find('#').unwrap()..];
    let (carried, t) = settle_player::film::scenario_of_link(hash)
        .expect("a film link")
        .expect("readable");
    assert_eq!(t, 0);
    let carried = settle_scenario::parse(&carried).unwrap();
    let file = scenario("examples/lock-expiry.json");
    assert_eq!(carried.title, file.title);
    assert_eq!(carried.script.len(), file.script.len());
    // The film is the one the page's Embed button would make of this scenario.
    assert_eq!(
        hash,
        format!(
            "{}&t=0",
            settle_player::film::link(&file.to_text()).unwrap()
        )
    );
}

#[test]
fn lang_width_and_base_shape_the_address_and_the_frame() {
    let (src, after, script) = parts(&settle(&[
        "embed",
        "examples/lock-expiry.json",
        "--lang",
        "ru",
        "--width",
        "1000",
        "--base",
        "https://example.org/settle",
    ]));
    assert!(
        src.starts_with("https://example.org/settle/view.html?embed&autoplay=1&lang=ru#f="),
        "{src}"
    );
    let height = settle_player::embed::NORMAL.height(1000.0);
    assert!(height > 587);
    assert!(
        after.contains(&format!(" width=\"1000\" height=\"{height}\" ")),
        "{after}"
    );
    assert_eq!(
        script,
        "<script src=\"https://example.org/settle/embed.js\"></script>"
    );
    // The film is recorded in Russian: not the English one.
    let (en, ..) = parts(&settle(&["embed", "examples/lock-expiry.json"]));
    let film = |src: &str| src[src.find('#').unwrap()..].to_string();
    assert_ne!(film(&src), film(&en));
    // English adds no lang; zh-CN is Simplified Chinese.
    let (src, ..) = parts(&settle(&[
        "embed",
        "--lang=zh-CN",
        "examples/lock-expiry.json",
    ]));
    assert!(
        src.starts_with("./view.html?embed&autoplay=1&lang=zh-Hans#f="),
        "{src}"
    );
    let (src, ..) = parts(&settle(&["embed", "--lang", "en", "examples/tour.json"]));
    assert!(!src.contains("lang="), "{src}");
    // A width the page would not make, and an unknown language, are usage errors.
    for args in [
        &["embed", "--width", "100", "examples/tour.json"][..],
        &["embed", "--width", "wide", "examples/tour.json"],
        &["embed", "--lang", "de", "examples/tour.json"],
    ] {
        let out = settle(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_preset_embeds_by_name_and_a_long_run_carries_the_scenario() {
    let (src, after, _) = parts(&settle(&["embed", "preset:poison-message"]));
    assert_eq!(src, "./view.html?embed&autoplay=1&preset=poison-message");
    assert!(
        after.starts_with(" title=\"Settle: A poison message goes to the dead-letter queue\""),
        "{after}"
    );
    // load-levelling's film is too long for a link (144 KB): the fragment is the scenario.
    let dir = std::env::temp_dir().join(format!("settle-embed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("load-levelling.json");
    let doc = settle_scenario::presets::preset("load-levelling").unwrap();
    std::fs::write(&file, doc).unwrap();
    let (src, ..) = parts(&settle(&["embed", file.to_str().unwrap()]));
    let hash = src
        .strip_prefix("./view.html?embed&autoplay=1")
        .unwrap_or_else(|| panic!("{src}"));
    assert!(hash.starts_with("#s="), "{src}");
    let (carried, t) = settle_player::share::parse_fragment(hash).unwrap().unwrap();
    assert_eq!(t, 0);
    assert_eq!(
        settle_scenario::parse(&carried).unwrap().to_text(),
        settle_scenario::parse(doc).unwrap().to_text()
    );
    let _ = std::fs::remove_dir_all(&dir);
    // An invalid scenario is refused as everywhere else (exit 4).
    let out = Command::new(env!("CARGO_BIN_EXE_settle"))
        .args(["embed", "-"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
}
