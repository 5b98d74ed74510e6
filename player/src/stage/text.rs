//! How much room the stage's words take, estimated without a canvas (the layout is DOM-free):
//! in Latin letters, about 0.6 of the font's size each. The layout decides by these where the
//! queue's settings go; the painter cuts labels by the same measure.

/// How much room a character takes, in Latin letters: a Chinese (or other full-width) one
/// about 1.7, a Cyrillic one 1.1, any other 1.
#[must_use]
pub fn letter(c: char) -> f64 {
    if settle_i18n::is_wide(c) {
        1.7
    } else if matches!(u32::from(c), 0x0400..=0x04FF) {
        1.1
    } else {
        1.0
    }
}

/// How much room `s` takes, in Latin letters ([`letter`]): what the stage's width estimates
/// count, so that Chinese and Russian titles are not overdrawn.
#[must_use]
pub fn letters(s: &str) -> f64 {
    s.chars().map(letter).sum()
}

/// The queue's heading and its settings: "Queue · lock 30 s · max delivery count 3" is
/// ("Queue", "lock 30 s · max delivery count 3").
#[must_use]
pub fn queue_heading(title: &str) -> (&str, &str) {
    title.split_once(" · ").unwrap_or((title, ""))
}

/// The letters of the queue's settings that fit after its heading `head`, on a queue `w` px
/// wide with labels of `font` px (the settings are drawn at 0.8 of it).
#[must_use]
pub fn settings_room_beside(head: &str, w: f64, font: f64) -> f64 {
    (w - font * (5.0 + heading_shift(head))) / (font * 0.8 * 0.5)
}

/// The letters of the queue's settings that fit on a line of their own under the heading.
#[must_use]
pub fn settings_room_below(w: f64, font: f64) -> f64 {
    (w - font * 1.2) / (font * 0.8 * 0.5)
}

/// Where the settings start after a heading longer (or shorter) than "Queue", in fonts.
#[must_use]
pub fn heading_shift(head: &str) -> f64 {
    (letters(head) - 5.0) * 0.62
}

/// `s`'s parts (separated by " · ") on lines of at most `room` letters, whole parts to a line
/// where they fit, at most `max` lines: the rest joins the last (the painter cuts it).
#[must_use]
pub fn wrap_parts(s: &str, room: f64, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in s.split(" · ").filter(|p| !p.is_empty()) {
        let full = lines.len() >= max;
        match lines.last_mut() {
            Some(line) if full || letters(line) + 3.0 + letters(part) <= room => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{letters, queue_heading, settings_room_below, settings_room_beside, wrap_parts};

    #[test]
    fn the_queue_heading_splits_at_its_first_separator() {
        assert_eq!(
            queue_heading("Queue · lock 30 s · max delivery count 3"),
            ("Queue", "lock 30 s · max delivery count 3")
        );
        assert_eq!(queue_heading("Queue"), ("Queue", ""));
    }

    #[test]
    fn a_line_of_its_own_has_more_room_than_beside_the_heading() {
        let (w, font) = (185.0, 13.0);
        let beside = settings_room_beside("Queue", w, font);
        let below = settings_room_below(w, font);
        assert!(
            beside < letters("lock 30 s · max delivery count 3"),
            "{beside}"
        );
        assert!(
            below >= letters("lock 30 s · max delivery count 3"),
            "{below}"
        );
    }

    #[test]
    fn parts_wrap_whole_and_the_rest_joins_the_last_line() {
        let s = "lock 30 s · max delivery count 3 · TTL 1 min";
        assert_eq!(wrap_parts(s, 100.0, 2), vec![s.to_string()]);
        assert_eq!(
            wrap_parts(s, 33.0, 3),
            vec!["lock 30 s · max delivery count 3", "TTL 1 min"]
        );
        assert_eq!(
            wrap_parts(s, 20.0, 3),
            vec!["lock 30 s", "max delivery count 3", "TTL 1 min"]
        );
        assert_eq!(
            wrap_parts(s, 20.0, 2),
            vec!["lock 30 s", "max delivery count 3 · TTL 1 min"]
        );
        assert!(wrap_parts("", 20.0, 2).is_empty());
    }
}
