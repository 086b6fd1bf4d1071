-- The zone the first pass of an import read the source's DATETIME values in, so that a later pass
-- reading them in another is refused (expand only: nullable, older imports have none).
ALTER TABLE "import_sources" ADD COLUMN "time_zone" varchar(64);