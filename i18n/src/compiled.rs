//! Compiled messages: Settle's Fluent messages as a program reads them.
//!
//! The `.ftl` files are the source; translators write them. A program does not parse them:
//! the test `compiled` (`i18n/tests/compiled.rs`) parses each with Project Fluent's own parser
//! (`fluent-syntax`) and writes the messages in a short form, `compiled/<lang>/<part>.txt`,
//! which the programs compile in (English) or fetch (another language). [`Tr`](crate::Tr)
//! formats them as `fluent-bundle` would; the same test holds the two to the same text for
//! every message of every language. A page then carries no Fluent parser and no Fluent
//! runtime (about 45 KB brotli of each wasm), only the CLDR's plural rules.
//!
//! The file is UTF-8 text, so that a host compresses it as it compresses the page: `SFM1`
//! and a line break, then each message on its own line, sorted by id: its id and its pattern.
//! Control characters that no message holds end things: a text ends with `U+001F`, a pattern
//! with `U+001E`, a select's variants with `U+001D`. A pattern's elements: `t` text, `v` a
//! variable, `r` a message reference, `s` a select (the variable, `o` if it is `NUMBER($v,
//! type: "ordinal")` else `c`, then each variant: `*` if it is the default, its key, `n` a
//! name (`one`, `few`, `dead-letter`) or `#` a number literal, and its pattern).

/// The first bytes of a compiled file.
const MAGIC: &str = "SFM1\n";
/// Ends a text.
const END_TEXT: char = '\u{1f}';
/// Ends a pattern.
const END_PATTERN: char = '\u{1e}';
/// Ends a select's variants.
const END_VARIANTS: char = '\u{1d}';

/// Whether `s` can be written: it holds none of the characters that end things.
#[must_use]
pub fn writable(s: &str) -> bool {
    !s.contains([END_TEXT, END_PATTERN, END_VARIANTS])
}

/// One message: its id and pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The id.
    pub id: Box<str>,
    /// What it says.
    pub pattern: Pattern,
}

/// A message's value: its elements in order.
pub type Pattern = Box<[Elem]>;

/// One element of a pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum Elem {
    /// Text as it is (string literals such as `{ "{" }` included).
    Text(Box<str>),
    /// `{ $name }`.
    Var(Box<str>),
    /// `{ other-message }`.
    Ref(Box<str>),
    /// `{ $name -> … }` or `{ NUMBER($name, type: "ordinal") -> … }`.
    Select(Box<Select>),
}

/// A choice among variants by a variable's value.
#[derive(Clone, Debug, PartialEq)]
pub struct Select {
    /// The variable chosen by.
    pub var: Box<str>,
    /// Chosen by the ordinal plural rules (`NUMBER($v, type: "ordinal")`).
    pub ordinal: bool,
    /// The variants, in the order written: the first that matches is taken.
    pub variants: Box<[(Key, Pattern)]>,
    /// The index of the default variant (`*[other]`).
    pub default: usize,
}

/// A variant's key.
#[derive(Clone, Debug, PartialEq)]
pub enum Key {
    /// A name: a plural category (`one`, `few`) or a text value (`dead-letter`).
    Name(Box<str>),
    /// A number literal, as written (`0`).
    Number(Box<str>),
}

/// `messages` as a compiled file. Every text must be [`writable`].
#[must_use]
pub fn write(messages: &[Message]) -> String {
    let mut out = String::from(MAGIC);
    for m in messages {
        text(&mut out, &m.id);
        pattern(&mut out, &m.pattern);
        out.push('\n');
    }
    out
}

fn text(out: &mut String, s: &str) {
    out.push_str(s);
    out.push(END_TEXT);
}

/// A text after the letter that says what it is.
fn tagged(out: &mut String, tag: char, s: &str) {
    out.push(tag);
    text(out, s);
}

fn pattern(out: &mut String, p: &[Elem]) {
    for e in p {
        match e {
            Elem::Text(s) => tagged(out, 't', s),
            Elem::Var(s) => tagged(out, 'v', s),
            Elem::Ref(s) => tagged(out, 'r', s),
            Elem::Select(s) => {
                tagged(out, 's', &s.var);
                out.push(if s.ordinal { 'o' } else { 'c' });
                for (i, (key, p)) in s.variants.iter().enumerate() {
                    if i == s.default {
                        out.push('*');
                    }
                    match key {
                        Key::Name(k) => tagged(out, 'n', k),
                        Key::Number(k) => tagged(out, '#', k),
                    }
                    pattern(out, p);
                }
                out.push(END_VARIANTS);
            }
        }
    }
    out.push(END_PATTERN);
}

/// The messages of a compiled file.
///
/// # Errors
/// A file that is not one, or is cut short or damaged: where.
pub fn read(bytes: &[u8]) -> Result<Vec<Message>, String> {
    let text = core::str::from_utf8(bytes).map_err(|_| "compiled messages that are not UTF-8")?;
    let Some(body) = text.strip_prefix(MAGIC) else {
        return Err("not a file of compiled messages".into());
    };
    let mut r = Reader {
        rest: body,
        at: MAGIC.len(),
    };
    let mut messages = Vec::new();
    while !r.rest.is_empty() {
        let id = r.text()?;
        let pattern = r.pattern(0)?;
        r.expect('\n')?;
        messages.push(Message { id, pattern });
    }
    Ok(messages)
}

struct Reader<'a> {
    rest: &'a str,
    /// Where `rest` starts, in bytes from the file's start.
    at: usize,
}

impl Reader<'_> {
    fn damaged(&self) -> String {
        format!("compiled messages damaged at byte {}", self.at)
    }

    fn char(&mut self) -> Result<char, String> {
        let c = self.rest.chars().next().ok_or_else(|| self.damaged())?;
        self.skip(c.len_utf8());
        Ok(c)
    }

    fn skip(&mut self, n: usize) {
        self.rest = &self.rest[n..];
        self.at += n;
    }

    fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    fn expect(&mut self, want: char) -> Result<(), String> {
        if self.peek() == Some(want) {
            self.skip(want.len_utf8());
            Ok(())
        } else {
            Err(self.damaged())
        }
    }

    fn text(&mut self) -> Result<Box<str>, String> {
        let end = self.rest.find(END_TEXT).ok_or_else(|| self.damaged())?;
        let s = &self.rest[..end];
        if s.contains([END_PATTERN, END_VARIANTS]) {
            return Err(self.damaged());
        }
        let s = s.into();
        self.skip(end + END_TEXT.len_utf8());
        Ok(s)
    }

    fn pattern(&mut self, depth: u8) -> Result<Pattern, String> {
        // Selects within selects, at most a few deep in any message.
        if depth > 8 {
            return Err(self.damaged());
        }
        let mut elems = Vec::new();
        loop {
            elems.push(match self.char()? {
                END_PATTERN => return Ok(elems.into()),
                't' => Elem::Text(self.text()?),
                'v' => Elem::Var(self.text()?),
                'r' => Elem::Ref(self.text()?),
                's' => Elem::Select(Box::new(self.select(depth)?)),
                _ => return Err(self.damaged()),
            });
        }
    }

    fn select(&mut self, depth: u8) -> Result<Select, String> {
        let var = self.text()?;
        let ordinal = match self.char()? {
            'o' => true,
            'c' => false,
            _ => return Err(self.damaged()),
        };
        let mut variants = Vec::new();
        let mut default = None;
        loop {
            let mut c = self.char()?;
            if c == END_VARIANTS {
                break;
            }
            if c == '*' {
                default = Some(variants.len());
                c = self.char()?;
            }
            let key = match c {
                'n' => Key::Name(self.text()?),
                '#' => Key::Number(self.text()?),
                _ => return Err(self.damaged()),
            };
            variants.push((key, self.pattern(depth + 1)?));
        }
        let default = default.ok_or_else(|| self.damaged())?;
        Ok(Select {
            var,
            ordinal,
            variants: variants.into(),
            default,
        })
    }
}
