from rest_framework import serializers

from clubs.models import Club, Membership, Player


class ClubSerializer(serializers.ModelSerializer):
    member_count = serializers.IntegerField(read_only=True)
    url = serializers.HyperlinkedIdentityField(view_name="club-detail")

    class Meta:
        model = Club
        fields = ["id", "url", "name", "slug", "city", "currency", "member_count"]


class MembershipBriefSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Membership
        fields = ["club", "role"]


class PlayerSerializer(serializers.ModelSerializer):
    memberships = MembershipBriefSerializer(many=True, read_only=True)
    has_login = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "name", "has_login", "memberships"]

    def get_has_login(self, player: Player) -> bool:
        return player.user_id is not None
