//! The languages the mutator has rules for, and the tree-sitter grammar of each.

/// A language the mutator has rules for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// C (`.c`).
    C,
    /// C++ (`.cpp`, `.cc`, `.cxx`, `.c++`).
    Cpp,
    /// Java (`.java`).
    Java,
    /// Python 3 (`.py`).
    Python,
}

impl Language {
    /// Every language with mutation rules.
    pub const ALL: [Language; 4] = [Language::C, Language::Cpp, Language::Java, Language::Python];

    /// The language of a file name by its extension, `None` for one with no mutation rules.
    pub fn of_file_name(name: &str) -> Option<Language> {
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match extension.as_str() {
            "c" => Some(Language::C),
            "cpp" | "cc" | "cxx" | "c++" | "cp" => Some(Language::Cpp),
            "java" => Some(Language::Java),
            "py" | "py3" => Some(Language::Python),
            _ => None,
        }
    }

    /// The language's usual name (`C++`), for messages.
    pub fn name(self) -> &'static str {
        match self {
            Language::C => "C",
            Language::Cpp => "C++",
            Language::Java => "Java",
            Language::Python => "Python",
        }
    }

    /// The tree-sitter grammar that parses the language.
    pub(crate) fn grammar(self) -> tree_sitter::Language {
        match self {
            Language::C => tree_sitter_c::LANGUAGE.into(),
            Language::Cpp => tree_sitter_cpp::LANGUAGE.into(),
            Language::Java => tree_sitter_java::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
        }
    }

    /// Whether the language is C or C++ (they share most node kinds).
    pub(crate) fn is_c_family(self) -> bool {
        matches!(self, Language::C | Language::Cpp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_give_their_language() {
        assert_eq!(Language::of_file_name("a/sol.CPP"), Some(Language::Cpp));
        assert_eq!(Language::of_file_name("x.c"), Some(Language::C));
        assert_eq!(Language::of_file_name("Main.java"), Some(Language::Java));
        assert_eq!(Language::of_file_name("s.py"), Some(Language::Python));
        assert_eq!(Language::of_file_name("s.rs"), None);
        assert_eq!(Language::of_file_name("Makefile"), None);
        for language in Language::ALL {
            let mut parser = tree_sitter::Parser::new();
            assert!(
                parser.set_language(&language.grammar()).is_ok(),
                "{language:?}"
            );
        }
    }
}
