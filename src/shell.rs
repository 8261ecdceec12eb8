//! Quoting for `/bin/sh`, for the command lines stressjudge prints (repro lines) and runs
//! (`--cmd`).

/// Quotes `text` for `/bin/sh` with single quotes, leaving plain words as they are.
pub fn quote(text: &str) -> String {
    if !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c))
    {
        return text.to_string();
    }
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn quotes_for_the_shell() {
        assert_eq!(quote("/tmp/a-b_c.py"), "/tmp/a-b_c.py");
        assert_eq!(quote("my dir"), "'my dir'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
    }
}
