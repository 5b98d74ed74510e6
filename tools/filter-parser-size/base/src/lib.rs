include!("../../common.rs");
use settle_core::filter::{CmpOp, Const, Operand, Prop};

/// No parser: `<first word> = '<rest>'` built directly, then evaluated.
#[unsafe(no_mangle)]
pub extern "C" fn filter_run(len: usize) -> i32 {
    let text = input(len);
    let (name, value) = text.split_once(' ').unwrap_or((text, ""));
    let p = Predicate::Cmp(
        Operand::Prop(Prop::User(name.into())),
        CmpOp::Eq,
        Operand::Const(Const::Str(value.into())),
    );
    run(&p)
}
