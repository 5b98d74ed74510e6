//! The TypeScript program (`@azure/service-bus` 7.x).
//!
//! The program's outline lives here (its header, its script of steps, its `main`); each part has a
//! file of its own:
//! - `prelude`: the program's fixed TypeScript (imports, clock, checks, clients, the end check);
//! - `ops`: the statements of each script step; `lit`: TypeScript literals and messages;
//! - `admin`: the administration client (the queue's creation, updates, rules);
//! - `entities`: documents with `entities` (their TypeScript layer, registry and creation);
//! - `actors`: automated actors (their TypeScript loops and the calls that start them).

mod actors;
mod admin;
mod entities;
mod lit;
mod ops;
mod prelude;

pub(crate) use ops::op_code;

use super::actors::actor_name;
use super::header::header;
use super::lang::{Lang, TYPESCRIPT_SDK_VERSION};
use super::notes::actor_notes;
use super::plan::{Plan, Planned, describe_step, plan};
use super::predict::{actor_expected, end_expected, end_notes, expected, prediction_notes};
use super::text::comment_text;
use crate::artifact::ArtifactError;
use actors::{ACTORS, receiver_call, sender_call};
use admin::create_queue;
use alloc::format;
use alloc::string::{String, ToString};
use core::fmt::Write;
use entities::{ENTITY_LAYER, create_entities, entity_registry};
use lit::s;
use prelude::{ENTITY_ENV, PRELUDE, QUEUE_ENV};
use settle_core::actors::ActorSpec;
use settle_scenario::Scenario;

/// The scenario as a runnable TypeScript program for `@azure/service-bus` 7.x.
///
/// # Errors
/// Over the work budget, as [`export`](super::export).
pub(crate) fn typescript(sc: &Scenario) -> Result<String, ArtifactError> {
    Ok(render(sc, plan(sc)?))
}

fn render(sc: &Scenario, plan: Plan<'_>) -> String {
    let mut o = String::new();
    for line in header(
        &plan,
        &[
            String::new(),
            format!(
                "Run: npm install @azure/service-bus@{TYPESCRIPT_SDK_VERSION} && npx tsx THIS_FILE.ts [{}]",
                if sc.entities.is_some() {
                    "--create-entities"
                } else {
                    "--create-queue"
                }
            ),
        ],
    ) {
        if line.is_empty() {
            o.push_str("//\n");
        } else {
            let _ = writeln!(o, "// {line}");
        }
    }
    let entities = sc.entities.is_some();
    if entities {
        o.push_str(&PRELUDE.replacen(QUEUE_ENV, ENTITY_ENV, 1));
        o.push_str(ENTITY_LAYER);
        entity_registry(&mut o, sc);
    } else {
        o.push_str(PRELUDE);
    }
    let _ = writeln!(o, "const RUN_UNTIL_MS = {};", sc.run_until.as_millis());
    let has_actors = !sc.actors.is_empty();
    if has_actors {
        o.push_str(ACTORS);
    }
    o.push('\n');
    if entities {
        o.push_str(&create_entities(sc));
    } else {
        o.push_str(&create_queue(sc));
    }
    o.push_str("\n/** The scenario's script, each step at its time. */\nasync function script(): Promise<void> {\n  let got: string;\n");
    if plan.steps.is_empty() {
        o.push_str("  // The scenario has no script steps.\n  got = \"\";\n  void got;\n");
    }
    for p in &plan.steps {
        step(&mut o, &plan, p);
    }
    if entities {
        o.push_str("}\n\nasync function main(): Promise<void> {\n  if (process.argv.slice(2).includes(\"--create-entities\")) {\n    await createEntities();\n  }\n  resetClock();\n");
    } else {
        o.push_str("}\n\nasync function main(): Promise<void> {\n  if (process.argv.slice(2).includes(\"--create-queue\")) {\n    await createQueue();\n  }\n  resetClock();\n");
    }
    if has_actors {
        o.push_str("  const actors: Promise<string>[] = [];\n");
        for (i, a) in sc.actors.iter().enumerate() {
            let mut notes = actor_notes(a);
            let call = match a {
                ActorSpec::Sender(x) => sender_call(x),
                ActorSpec::Receiver(x) => receiver_call(x, sc.seed ^ (i as u64 + 1)),
            };
            if let ActorSpec::Receiver(x) = a
                && x.prefetch > 0
            {
                notes.push(
                    "The JavaScript SDK has no prefetch: messages are fetched per receive.".into(),
                );
            }
            let _ = writeln!(o, "  // Actor {}: {}", i + 1, comment_text(actor_name(a)));
            for n in notes {
                let _ = writeln!(o, "  // {}", comment_text(&n));
            }
            let _ = writeln!(o, "  actors.push({call});");
        }
    }
    o.push_str("  await script();\n");
    let _ = writeln!(o, "  await at({});", sc.run_until.as_millis());
    if has_actors {
        o.push_str("  const done = await Promise.all(actors);\n");
        for (i, a) in sc.actors.iter().enumerate() {
            let expected = actor_expected(&plan, a);
            let _ = writeln!(
                o,
                "  // Settle: {}: {}",
                comment_text(actor_name(a)),
                comment_text(&expected)
            );
            let _ = writeln!(
                o,
                "  check({}, {}, done[{i}]);",
                s(&format!("actor {}", actor_name(a))),
                s(&expected)
            );
        }
    }
    o.push_str("  for (const c of CLIENTS.values()) {\n    await c.shutdown();\n  }\n");
    for n in end_notes(&plan) {
        let _ = writeln!(o, "  // {}", comment_text(&n));
    }
    let session_queue = sc.queue.requires_session;
    let contents = if entities {
        "entityContents()".to_string()
    } else {
        format!("contents({session_queue})")
    };
    let _ = writeln!(
        o,
        "  let left: string;\n  try {{\n    left = await {contents};\n  }} catch (e: unknown) {{\n    left = failed(e);\n  }}"
    );
    match end_expected(&plan) {
        Some(e) => {
            let _ = writeln!(o, "  check(\"end: what is left\", {}, left);", s(&e));
        }
        None => o.push_str("  console.log(`end: what is left: ${left}`);\n"),
    }
    o.push_str("  console.log(`${tally.same} as Settle predicted, ${tally.differs} differ`);\n}\n\nmain().catch((e: unknown) => {\n  console.error(e);\n  process.exitCode = 1;\n});\n");
    o
}

fn step(o: &mut String, plan: &Plan<'_>, p: &Planned<'_>) {
    let st = p.step;
    let what = describe_step(p);
    let _ = writeln!(
        o,
        "\n  // Step {} at {}: {}",
        p.index,
        crate::artifact::secs(st.at.as_millis()),
        comment_text(&what)
    );
    for n in prediction_notes(p, Lang::TypeScript) {
        let _ = writeln!(o, "  // {}", comment_text(&n));
    }
    let (code, notes) = op_code(plan, p);
    for n in notes {
        let _ = writeln!(o, "  // Note: {}", comment_text(&n));
    }
    let _ = writeln!(o, "  await at({});", st.at.as_millis());
    o.push_str("  try {\n");
    for line in code {
        let _ = writeln!(o, "    {line}");
    }
    o.push_str("  } catch (e: unknown) {\n    got = failed(e);\n  }\n");
    let _ = writeln!(
        o,
        "  report({}, {}, {}, got);",
        p.index,
        s(&what),
        s(&expected(p))
    );
}
