//! What the Settle page plays and draws, without Leptos: the page's model over the scenario's
//! runner ([`sim`]), a person's actions as typed commands ([`command`]), the "why" sentences
//! ([`narrate`]), the stage's model, layout and animation ([`stage`]) and its canvas painter
//! ([`paint`]), recorded runs and their player ([`film`]), the lean viewer of embeds
//! ([`view`]), and the times and labels it writes often ([`words`]). The Leptos UI
//! (`settle-web`) and the embeds' two wasm builds (`settle-view`, `settle-film`) use it;
//! everything here but the DOM and canvas calls is tested natively.

pub mod artifacts;
pub mod builtin;
pub mod cadence;
pub mod clock;
pub mod crash;
pub mod embed;
pub mod film;
pub mod language;
pub mod lesson;
pub mod narrate;
pub mod page;
pub mod paint;
pub mod play;
pub mod share;
pub mod sim;
pub mod stage;
pub mod view;
pub mod whatif;
pub mod words;
