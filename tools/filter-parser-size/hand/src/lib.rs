include!("../../common.rs");

/// Parses and evaluates the text in the buffer: 0/1/2/3, or -column for a parse error.
#[unsafe(no_mangle)]
pub extern "C" fn filter_run(len: usize) -> i32 {
    match settle_core::filter::parse_sql(input(len)) {
        Ok(p) => run(&p),
        Err(e) => -(e.column as i32),
    }
}
