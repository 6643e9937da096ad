"""Migration operations for changes of words only: a field's or a model's names, help texts
and choices' labels (marked for translation). They change no table, so they run no SQL; and
they leave the models already rendered for the migration as they are (a migration never reads
a label), where Django's ``AlterField``/``AlterModelOptions`` re-render the model and every
model related to it for each field: with some 250 such changes that cost every test database
(and each migration test's round trip) tens of seconds. The state they leave is Django's own,
so ``makemigrations --check`` sees no difference.

Each refuses a change that is not words only (a column's type, null, default, a relation...).
"""

from django.db import migrations

#: What a field may change here: words, and checks Django makes in Python only.
FIELD_WORDS = {"verbose_name", "help_text", "choices", "error_messages", "validators"}
#: What a model may change here.
MODEL_WORDS = {"verbose_name", "verbose_name_plural"}


class AlterFieldWords(migrations.AlterField):
    def state_forwards(self, app_label, state):
        fields = state.models[app_label, self.model_name_lower].fields
        old_path, old_args, old_kwargs = fields[self.name].deconstruct()[1:]
        new_path, new_args, new_kwargs = self.field.deconstruct()[1:]
        changed = {key for key in old_kwargs.keys() | new_kwargs.keys()
                   if old_kwargs.get(key) != new_kwargs.get(key)}
        if (old_path, old_args) != (new_path, new_args) or changed - FIELD_WORDS:
            raise ValueError(f"{app_label}.{self.model_name}.{self.name}: not words only "
                             f"({sorted(changed - FIELD_WORDS)}); use AlterField")
        fields[self.name] = self.field

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        pass

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        pass


class AlterModelWords(migrations.AlterModelOptions):
    def state_forwards(self, app_label, state):
        model_state = state.models[app_label, self.name_lower]
        changed = {key for key in model_state.options.keys() | self.options.keys()
                   if key in self.ALTER_OPTION_KEYS
                   and model_state.options.get(key) != self.options.get(key)}
        if changed - MODEL_WORDS:
            raise ValueError(f"{app_label}.{self.name}: not words only "
                             f"({sorted(changed - MODEL_WORDS)}); use AlterModelOptions")
        options = {**model_state.options, **self.options}
        for key in self.ALTER_OPTION_KEYS:
            if key not in self.options:
                options.pop(key, False)
        model_state.options = options
