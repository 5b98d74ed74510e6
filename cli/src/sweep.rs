//! `settle sweep FILE --vary NAME=A..B[:STEP] [--vary …] [--seeds N] [--format csv|json|svg]`:
//! the scenario run at every point of a grid of its settings, one row a point
//! (`settle_scenario::sweep`).
//!
//! A bad `--vary` is a usage error (exit 2); a variant the format refuses, an invalid scenario
//! (exit 4). A point that runs out of the work budget says so in its row (`over_budget`) and on
//! standard error; the others still run, and the sweep exits 0.

use crate::fail::{Fail, Format};
use crate::{Input, Output, Words, out, read_input};
use settle_scenario::Budget;
use settle_scenario::sweep::{Sweep as Grid, SweepError, Vary};
use std::io::{IsTerminal as _, Write as _};

/// `settle sweep`.
#[derive(clap::Args, Debug)]
pub(crate) struct Sweep {
    #[command(flatten)]
    input: Input,
    /// A setting and its values: NAME=A..B[:STEP] (STEP 1 by default) or NAME=A; repeat it
    /// for a grid (at most 2,000 points)
    ///
    /// NAME is one of receivers (copies of the first receiver actor), concurrency, prefetch,
    /// processing_ms, auto_renew_ms (of every receiver actor), lock_ms, max_delivery_count (of
    /// the queue), send_interval_ms (of every sender actor).
    #[arg(long, value_name = "NAME=A..B[:STEP]", required = true)]
    vary: Vec<String>,
    /// Runs per point: the scenario's seed and the next ones (1 to 100)
    #[arg(long, value_name = "N", default_value_t = 1)]
    seeds: u32,
    /// The chart's words are said in --lang (the rows' names and numbers stay the same)
    #[command(flatten)]
    words: Words,
    #[command(flatten)]
    output: Output,
}

impl Sweep {
    pub(crate) fn run(self, format: Format) -> Result<(), Fail> {
        self.words.install();
        let usage = |m: String| Fail::usage("sweep", m);
        let vary = self
            .vary
            .iter()
            .map(|v| Vary::parse(v))
            .collect::<Result<Vec<_>, _>>()
            .map_err(usage)?;
        let grid = Grid::new(vary, self.seeds).map_err(|e| usage(e.to_string()))?;
        if format == Format::Svg {
            settle_export::svg::sweep_drawable(&grid).map_err(usage)?;
        }
        let bytes = read_input("sweep", &self.input.file)?;
        let sc = settle_scenario::parse_bytes(&bytes).map_err(|e| Fail::refused(&e))?;
        let doc: serde_json::Value = serde_json::from_slice(&bytes)
            .map_err(|e| Fail::Invalid(format!("$: not JSON: {e}")))?;
        // On a terminal, how far it got (a long sweep is otherwise silent).
        let tty = std::io::stderr().is_terminal();
        let rows = grid
            .run(&doc, Budget::DEFAULT, &mut |done, of| {
                if tty {
                    let _ = write!(std::io::stderr(), "\rsweep: {done}/{of} points");
                }
            })
            .map_err(|e| match e {
                SweepError::Refused { point, error } => Fail::Invalid(format!(
                    "{point}: {}",
                    settle_i18n::format_error(&settle_i18n::current(), &error)
                )),
                other => Fail::Invalid(other.to_string()),
            })?;
        if tty {
            let _ = writeln!(std::io::stderr());
        }
        for (values, e) in rows
            .iter()
            .filter_map(|r| r.over_budget.as_ref().map(|e| (&r.values, e)))
        {
            let _ = writeln!(
                std::io::stderr(),
                "warning: {}: {e}",
                grid.point_name(values)
            );
        }
        let text = match format {
            Format::Text | Format::Csv => grid.csv(&rows),
            Format::Json => format!("{}\n", grid.json(&sc.title, &rows)),
            Format::Svg => {
                settle_export::svg::sweep_chart(&grid, &rows, &sc.title).map_err(usage)?
            }
        };
        out::emit(self.output.path(), &text)
    }
}
